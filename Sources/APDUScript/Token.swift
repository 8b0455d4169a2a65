/// One lexical unit of a script, with the byte ranges it came from.
///
/// Plain data (no strings inside), so the parser can copy tokens freely.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A run of characters up to white space, a brace, a quote or `#`: keywords, hex, numbers,
        /// TLV paths, patterns.
        case word
        /// A double-quoted string; `inner` is between the quotes, escapes unresolved.
        case string
        /// `$name`, optionally followed by a slice `[…]`; `inner` is the name, `slice` the inside
        /// of the brackets.
        case variable
        /// `${NAME}`: an environment variable; `inner` is the name.
        case environment
        /// `=…` or `!…` glued to a status-word list (`range` includes the sign).
        case status(negated: Bool)
        /// `=` standing alone (in `let $x = …`).
        case equals
        /// `==` (TLV value comparison).
        case doubleEquals
        /// `->` (capture).
        case arrow
        case openBrace
        case closeBrace
        /// The end of a logical line (a `\` before the line break joins lines).
        case newline
        case end
    }

    let kind: Kind
    /// Where the token is in the source.
    let range: Range<Int>
    /// The name of a variable or environment reference, or the inside of a string.
    var inner: Range<Int> = 0..<0
    /// The inside of a variable's `[…]`.
    var slice: Range<Int>?

    var offset: Int { range.lowerBound }
}

/// The words the grammar gives a meaning (case-insensitive).
enum Keyword: String, CaseIterable {
    case test, `repeat`, times, reset, cold, warm, atr, mask, `let`, include, sleep, ms, s, option, on, off
    case reader, channel, expect, data, len, tlv, present, absent

    /// The keywords' lower-case bytes, indexed by length.
    static let byLength: [[(bytes: [UInt8], keyword: Keyword)]] = {
        var table = Array(repeating: [(bytes: [UInt8], keyword: Keyword)](), count: 8)
        for keyword in allCases { table[keyword.rawValue.utf8.count].append((Array(keyword.rawValue.utf8), keyword)) }
        return table
    }()

    /// The keywords that end a byte list or a pattern.
    static let checks: Set<Keyword> = [.data, .len, .tlv, .mask, .present, .absent]
}
