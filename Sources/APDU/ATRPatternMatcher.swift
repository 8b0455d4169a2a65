/// Matches one smartcard_list.txt pattern against an ATR written as upper-case spaced hex.
///
/// Almost every pattern (all but ~20 of 6 000) is hex digits, spaces and `.`; those are compared
/// character by character without a regex engine. The rest are compiled as Swift `Regex` on first
/// use, after a cheap check of their literal prefix, so a lookup over 14 000 lines stays fast.
struct ATRPatternMatcher: Sendable {
    private enum Kind: Sendable {
        /// Upper-cased pattern bytes; `.` matches any one character.
        case wildcard([UInt8])
        /// A full regular expression, with the literal text before its first metacharacter.
        case regex(pattern: String, literalPrefix: [UInt8])
    }

    private let kind: Kind

    init(pattern: String) {
        let upper = Array(pattern.uppercased().utf8)
        if upper.allSatisfy(Self.isWildcardByte) {
            kind = .wildcard(upper)
        } else {
            kind = .regex(pattern: pattern, literalPrefix: Array(upper.prefix { Self.isWildcardByte($0) && $0 != 0x2E }))
        }
    }

    /// `text`: the ATR as upper-case hex pairs separated by single spaces, UTF-8.
    func matches(_ text: [UInt8]) -> Bool {
        switch kind {
        case .wildcard(let pattern):
            guard pattern.count == text.count else { return false }
            for (p, t) in zip(pattern, text) where p != 0x2E && p != t { return false }
            return true
        case .regex(let pattern, let prefix):
            guard text.starts(with: prefix) else { return false }
            return Self.regexMatches(pattern, String(decoding: text, as: UTF8.self))
        }
    }

    private static func regexMatches(_ pattern: String, _ text: String) -> Bool {
        // An unreadable pattern in a hand-edited list simply matches nothing.
        guard let regex = try? Regex(pattern).ignoresCase() else { return false }
        return (try? regex.wholeMatch(in: text)) != nil
    }

    private static func isWildcardByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || byte == 0x20 || byte == 0x2E
    }
}
