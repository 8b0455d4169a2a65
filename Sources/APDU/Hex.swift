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
    /// What was wrong with the token.
    public let problem: Problem

    /// An error about `token` starting at character `position` (1-based).
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
        bytes.reserveCapacity(text.utf8.count / 2)
        let utf8 = Array(text.utf8)
        var tokenStart: Int?
        for (offset, unit) in utf8.enumerated() {
            if Self.isSeparator(unit) {
                if let start = tokenStart { try Self.appendToken(utf8, start..<offset, in: text, to: &bytes) }
                tokenStart = nil
            } else if tokenStart == nil {
                tokenStart = offset
            }
        }
        if let start = tokenStart { try Self.appendToken(utf8, start..<utf8.count, in: text, to: &bytes) }
        self = bytes
    }

    private static func isSeparator(_ unit: UInt8) -> Bool {
        // space, tab, LF, VT, FF, CR, ':' and ','
        unit == 0x20 || (0x09...0x0D).contains(unit) || unit == 0x3A || unit == 0x2C
    }

    private static func appendToken(_ utf8: [UInt8], _ range: Range<Int>, in text: String,
                                    to bytes: inout [UInt8]) throws {
        var digits = range
        if digits.count >= 2, utf8[digits.lowerBound] == 0x30, utf8[digits.lowerBound + 1] | 0x20 == 0x78 {
            digits = (digits.lowerBound + 2)..<digits.upperBound
            guard !digits.isEmpty else { throw error(.emptyAfterPrefix, utf8, range, in: text) }
        }
        for index in digits where hexValue(utf8[index]) == nil {
            let character = String(decoding: utf8[index...], as: UTF8.self).first ?? "?"
            throw error(.notAHexDigit(character), utf8, range, in: text)
        }
        guard digits.count.isMultiple(of: 2) else { throw error(.oddDigitCount(digits.count), utf8, range, in: text) }
        for index in stride(from: digits.lowerBound, to: digits.upperBound, by: 2) {
            bytes.append(hexValue(utf8[index])! << 4 | hexValue(utf8[index + 1])!)
        }
    }

    private static func hexValue(_ unit: UInt8) -> UInt8? {
        switch unit {
        case 0x30...0x39: return unit - 0x30
        case 0x41...0x46: return unit - 0x41 + 10
        case 0x61...0x66: return unit - 0x61 + 10
        default: return nil
        }
    }

    /// Builds the error with the token as text and its 1-based character position.
    private static func error(_ problem: HexParseError.Problem, _ utf8: [UInt8], _ range: Range<Int>,
                              in text: String) -> HexParseError {
        let token = String(decoding: utf8[range], as: UTF8.self)
        let position = String(decoding: utf8[..<range.lowerBound], as: UTF8.self).count + 1
        return HexParseError(token: token, position: position, problem: problem)
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
