/// One entry of a smartcard_list.txt: an ATR pattern and the cards it names.
public struct KnownATR: Hashable, Sendable, Encodable {
    /// The regular expression over the upper-case, space-separated hex ATR, as written in the file.
    public let pattern: String
    /// The description lines (without their leading TAB).
    public let descriptions: [String]
    /// The 1-based line of the pattern in the file.
    public let line: Int
}

/// The ATR database of pcsc-tools (`smartcard_list.txt`) as pure data: parse its text once, then
/// find every entry matching an ATR (docs/card.md).
///
/// Format: a pattern line (a regular expression anchored at both ends, matched case-insensitively
/// against `3B 8A 80 …`), one or more TAB-indented description lines, an empty line; `#` starts a
/// comment. All matching entries are returned, in file order, as ATR_analysis prints them. Reading
/// the file is the caller's business (`standardLocations` lists where pcsc-tools puts it).
public struct KnownATRList: Sendable {
    /// Where Debian and pcsc-tools install the list, most specific first.
    public static let standardLocations = [
        "/usr/local/share/pcsc/smartcard_list.txt", "/usr/share/pcsc/smartcard_list.txt",
        "/usr/local/pcsc/smartcard_list.txt",
    ]

    /// One entry per pattern line, in file order.
    public let entries: [KnownATR]
    /// Lines that fit nowhere (a description before any pattern), 1-based; kept so a caller can
    /// say the file looked odd.
    public let strayLines: [Int]

    private let matchers: [ATRPatternMatcher]

    /// Parses the file's text. Never fails; lines that fit nowhere are listed in `strayLines`.
    ///
    /// A description line after an empty line still belongs to the entry above it (the Debian
    /// file has such paragraphs); a pattern line after an empty line starts a new entry.
    public init(text: String) {
        var groups: [(patterns: [(String, Int)], descriptions: [String])] = []
        var stray: [Int] = []
        var groupIsOpen = false
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, line) in lines.enumerated() where !line.hasPrefix("#") {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                groupIsOpen = false
            } else if line.hasPrefix("\t") {
                if groups.isEmpty { stray.append(offset + 1) } else { groups[groups.count - 1].descriptions.append(String(line.dropFirst())) }
                groupIsOpen = false
            } else if groupIsOpen {
                groups[groups.count - 1].patterns.append((String(line).trimmingSpaces, offset + 1))
            } else {
                groups.append((patterns: [(String(line).trimmingSpaces, offset + 1)], descriptions: []))
                groupIsOpen = true
            }
        }
        self.entries = groups.flatMap { group in
            group.patterns.map { KnownATR(pattern: $0.0, descriptions: group.descriptions, line: $0.1) }
        }
        self.strayLines = stray
        self.matchers = entries.map { ATRPatternMatcher(pattern: $0.pattern) }
    }

    /// Every entry whose pattern matches the ATR, in file order.
    public func matches(for atr: [UInt8]) -> [KnownATR] {
        let text = Array(atr.hexString().utf8)
        return zip(entries, matchers).filter { $0.1.matches(text) }.map(\.0)
    }

    /// The descriptions of every matching entry, flattened (what ATR_analysis prints).
    public func descriptions(for atr: [UInt8]) -> [String] {
        matches(for: atr).flatMap(\.descriptions)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        while text.first == " " { text = text.dropFirst() }
        return String(text)
    }
}
