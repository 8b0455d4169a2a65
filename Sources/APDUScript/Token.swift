/// One lexical unit of a script, with the byte range it came from.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A run of characters up to white space, a brace, a quote or `#`: keywords, hex, numbers,
        /// TLV paths, patterns. Its text is `range` in the source.
        case word
        /// A double-quoted string, escapes already resolved.
        case string(String)
        /// `$name`, optionally followed by a slice `[…]` whose inside is `sliceRange`.
        case variable(name: String, sliceRange: Range<Int>?)
        /// `${NAME}`: an environment variable.
        case environment(String)
        /// `=…` or `!…` glued to a status-word list; the list's text is `range` minus the sign.
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
    /// Where the token is in the source (for a status token: including the sign).
    let range: Range<Int>

    var offset: Int { range.lowerBound }
}
