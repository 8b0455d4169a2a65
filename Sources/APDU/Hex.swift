/// Why a piece of hexadecimal text could not be read as bytes.
public struct HexParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the token.
    public enum Problem: Equatable, Sendable {
        /// A character that is not `0-9`, `a-f` or `A-F`.
        case notAHexDigit(Character)
        /// The token has an odd number of digits, so its last byte is incomplete.
        case oddDigitCount(Int)
        /// A `0x` prefix with nothing after it.
        case emptyAfterPrefix
    }

    /// The offending token as typed (between separators).
    public let token: String
    /// The 1-based character position of the token in the whole text.
    public let position: Int
    public let problem: Problem

    public init(token: String, position: Int, problem: Problem) {
        self.token = token
        self.position = position
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .notAHexDigit(let character):
            return "invalid hex \"\(token)\" at position \(position): '\(character)' is not a hex digit"
        case .oddDigitCount(let count):
            return "invalid hex \"\(token)\" at position \(position): odd number of hex digits (\(count))"
        case .emptyAfterPrefix:
            return "invalid hex \"\(token)\" at position \(position): no digits after 0x"
        }
    }
}

extension Array where Element == UInt8 {
    /// Reads bytes from hexadecimal text as people type it: `00A40400`, `00 A4 04 00`, `3B:8A:80`,
    /// `0x00 0xA4`, or `0x00A4`.
    ///
    /// Whitespace, `:` and `,` separate tokens; each token may start with `0x` and must hold an even
    /// number of hex digits. Empty text gives no bytes.
    /// - Throws: `HexParseError` naming the first bad token and its position.
    public init(hex text: String) throws {
        var bytes: [UInt8] = []
        var token: [Character] = []
        var tokenStart = 0
        for (offset, character) in text.enumerated() {
            if character.isWhitespace || character == ":" || character == "," {
                try Self.appendToken(token, startingAt: tokenStart, to: &bytes)
                token.removeAll(keepingCapacity: true)
            } else {
                if token.isEmpty { tokenStart = offset + 1 }
                token.append(character)
            }
        }
        try Self.appendToken(token, startingAt: tokenStart, to: &bytes)
        self = bytes
    }

    private static func appendToken(_ token: [Character], startingAt position: Int,
                                     to bytes: inout [UInt8]) throws {
        guard !token.isEmpty else { return }
        var digits = token[...]
        if digits.count >= 2, digits.first == "0", digits.dropFirst().first == "x" || digits.dropFirst().first == "X" {
            digits = digits.dropFirst(2)
            guard !digits.isEmpty else {
                throw HexParseError(token: String(token), position: position, problem: .emptyAfterPrefix)
            }
        }
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(digits.count)
        for character in digits {
            guard let value = character.hexDigitValue, character.isASCII else {
                throw HexParseError(token: String(token), position: position, problem: .notAHexDigit(character))
            }
            nibbles.append(UInt8(value))
        }
        guard nibbles.count.isMultiple(of: 2) else {
            throw HexParseError(token: String(token), position: position, problem: .oddDigitCount(nibbles.count))
        }
        for index in stride(from: 0, to: nibbles.count, by: 2) {
            bytes.append(nibbles[index] << 4 | nibbles[index + 1])
        }
    }
}

extension Sequence where Element == UInt8 {
    /// The bytes as upper-case hex pairs joined by `separator` (`"3B 8A 80"` by default).
    public func hexString(separator: String = " ") -> String {
        map { byte in
            String([hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
        }.joined(separator: separator)
    }
}

private let hexDigits = Array("0123456789ABCDEF")
