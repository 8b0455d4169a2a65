/// Hex words, pattern words, status lists, numbers, durations and slices.
extension Parser {
    /// Appends the hex digits in `range` (a `0x` prefix allowed) to `result` as bytes.
    func parseHexWord(_ range: Range<Int>, whole token: Token, into result: inout [UInt8]) throws {
        let bytes = source.bytes
        var start = range.lowerBound
        if range.count >= 2, bytes[start] == ascii("0"), bytes[start + 1] | 0x20 == ascii("x") {
            start += 2
            guard start < range.upperBound else { throw error("no hex digits after '0x'", at: range.lowerBound) }
        }
        guard (range.upperBound - start).isMultiple(of: 2) else {
            throw error("odd number of hex digits in '\(text(token))'; every byte needs two", at: range.lowerBound)
        }
        var offset = start
        while offset < range.upperBound {
            guard let high = Self.hexValue(bytes[offset]) else { throw notHex(at: offset) }
            guard let low = Self.hexValue(bytes[offset + 1]) else { throw notHex(at: offset + 1) }
            result.append(high << 4 | low)
            offset += 2
        }
    }

    private func notHex(at offset: Int) -> ScriptSyntaxError {
        let character = characterText(at: offset)
        if ["x", "X", "?", ".", "*"].contains(character) {
            return error("'\(character)' is a wildcard; wildcards belong in checks (data, atr, tlv ==), not in bytes to send",
                         at: offset)
        }
        return error("'\(character)' is not a hex digit", at: offset)
    }

    /// Appends one word of a pattern: `*`, or pairs of hex digits, `x`/`X`/`?` nibble wildcards
    /// and `..`.
    func parsePatternWord(_ token: Token, into elements: inout [BytePattern.Element]) throws {
        let bytes = source.bytes
        var range = token.range
        if range.count == 1, bytes[range.lowerBound] == ascii("*") {
            elements.append(.rest)
            return
        }
        if let star = range.first(where: { bytes[$0] == ascii("*") }) {
            throw error("'*' (any further bytes) must stand alone, separated by spaces", at: star)
        }
        if range.count > 2, bytes[range.lowerBound] == ascii("0"), bytes[range.lowerBound + 1] | 0x20 == ascii("x") {
            range = (range.lowerBound + 2)..<range.upperBound
        }
        guard range.count.isMultiple(of: 2) else {
            throw error("odd number of digits in '\(text(token))'; every byte needs two ('..' or '??' for any byte)",
                        at: token.offset)
        }
        for offset in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            let first = bytes[offset], second = bytes[offset + 1]
            if first == ascii("."), second == ascii(".") {
                elements.append(.byte(value: 0, mask: 0))
                continue
            }
            let high = try nibble(at: offset), low = try nibble(at: offset + 1)
            elements.append(.byte(value: high.value << 4 | low.value, mask: high.mask << 4 | low.mask))
        }
    }

    /// A hex digit (mask `F`) or a wildcard `x`/`X`/`?` (mask `0`).
    private func nibble(at offset: Int) throws -> (value: UInt8, mask: UInt8) {
        let byte = source.bytes[offset]
        if let value = Self.hexValue(byte) { return (value, 0x0F) }
        if byte == ascii("x") || byte == ascii("X") || byte == ascii("?") { return (0, 0) }
        if byte == ascii(".") {
            throw error("'.' only comes in pairs: '..' is any byte", at: offset)
        }
        throw error("'\(characterText(at: offset))' is not a hex digit or a wildcard (x, ?, ..)", at: offset)
    }

    /// `=9000|63Cx` / `!6A82`: four hex digits or `x`/`?` per alternative, `|` between them.
    func parseStatus(_ token: Token, negated: Bool) throws -> StatusPattern {
        var alternatives: [StatusPattern.Alternative] = []
        var start = token.range.lowerBound + 1
        let bytes = source.bytes
        while start <= token.range.upperBound {
            var end = start
            while end < token.range.upperBound, bytes[end] != ascii("|") { end += 1 }
            guard end - start == 4 else {
                let what = end == start ? "an empty status word" : "'\(String(decoding: bytes[start..<end], as: UTF8.self))'"
                throw error("\(what) is not a status word: write 4 hex digits, 'x' or '?' for any nibble (e.g. 63Cx)",
                            at: start)
            }
            var value: UInt16 = 0, mask: UInt16 = 0
            for offset in start..<end {
                let (digit, nibbleMask) = try nibble(at: offset)
                value = value << 4 | UInt16(digit)
                mask = mask << 4 | UInt16(nibbleMask)
            }
            alternatives.append(StatusPattern.Alternative(value: value, mask: mask))
            start = end + 1
        }
        return StatusPattern(alternatives: alternatives, negated: negated)
    }

    /// A decimal number word; advances past it.
    mutating func parseInteger(what: String, example: String) throws -> Int {
        guard current.kind == .word, let value = decimal(current.range) else {
            throw error("expected \(what) (a decimal number, e.g. \(example)), found \(describe(current))", at: current.offset)
        }
        index += 1
        return value
    }

    /// `len 8` or `len 4..16` (the `len` already read).
    mutating func parseLength() throws -> LengthRange {
        let token = current
        guard token.kind == .word else { throw lengthError(token) }
        let bytes = source.bytes
        if let dots = token.range.firstIndex(where: { bytes[$0] == ascii(".") }) {
            guard dots + 1 < token.range.upperBound, bytes[dots + 1] == ascii("."),
                  let minimum = decimal(token.range.lowerBound..<dots),
                  let maximum = decimal((dots + 2)..<token.range.upperBound) else { throw lengthError(token) }
            guard minimum <= maximum else { throw error("length range \(minimum)..\(maximum) is empty", at: token.offset) }
            index += 1
            return LengthRange(minimum: minimum, maximum: maximum)
        }
        guard let exact = decimal(token.range) else { throw lengthError(token) }
        index += 1
        return LengthRange(minimum: exact, maximum: exact)
    }

    private func lengthError(_ token: Token) -> ScriptSyntaxError {
        error("expected a length after 'len' (decimal: len 8, or a range: len 4..16), found \(describe(token))",
              at: token.offset)
    }

    /// `250ms`, `2s`, `1.5s`, or a number and the unit as two words.
    mutating func parseDuration() throws -> Duration {
        let token = current
        let bytes = source.bytes
        guard token.kind == .word else { throw durationError(token) }
        var unitStart = token.range.lowerBound
        while unitStart < token.range.upperBound, Lexer.isDigit(bytes[unitStart]) || bytes[unitStart] == ascii(".") {
            unitStart += 1
        }
        guard let milliseconds = scaledDecimal(token.range.lowerBound..<unitStart) else { throw durationError(token) }
        index += 1
        var unit = String(decoding: bytes[unitStart..<token.range.upperBound], as: UTF8.self).lowercased()
        if unit.isEmpty, let next = keyword(current), next == .ms || next == .s {
            unit = next.rawValue
            index += 1
        }
        switch unit {
        case "ms":
            guard milliseconds % 1000 == 0 else { throw error("milliseconds must be whole numbers", at: token.offset) }
            return .milliseconds(milliseconds / 1000)
        case "s": return .milliseconds(milliseconds)
        default: throw durationError(token)
        }
    }

    private func durationError(_ token: Token) -> ScriptSyntaxError {
        error("expected a duration with its unit (e.g. sleep 250ms, sleep 2s), found \(describe(token))", at: token.offset)
    }

    /// The inside of `[…]` after a variable: `3`, `0:8`, `4:`, `:2`.
    func parseSlice(_ range: Range<Int>) throws -> ByteSlice {
        let bytes = source.bytes
        guard let colon = range.firstIndex(where: { bytes[$0] == ascii(":") }) else {
            guard let single = decimal(range) else { throw sliceError(range) }
            return ByteSlice(start: single, end: single + 1)
        }
        let start = colon == range.lowerBound ? 0 : decimal(range.lowerBound..<colon)
        let end = colon + 1 == range.upperBound ? nil : decimal((colon + 1)..<range.upperBound)
        guard let start, colon + 1 == range.upperBound || end != nil else { throw sliceError(range) }
        if let end, end <= start {
            throw error("slice [\(start):\(end)] selects no bytes; the end is exclusive", at: range.lowerBound)
        }
        return ByteSlice(start: start, end: end)
    }

    private func sliceError(_ range: Range<Int>) -> ScriptSyntaxError {
        error("expected a slice: [i], [start:end], [start:] or [:end] with decimal byte offsets", at: range.lowerBound)
    }

    // MARK: - Digits

    /// A decimal number of at most 9 digits in `range`.
    func decimal(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 9 else { return nil }
        var value = 0
        for offset in range {
            let byte = source.bytes[offset]
            guard Lexer.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - ascii("0"))
        }
        return value
    }

    /// A decimal with up to 3 fraction digits, times 1000 (`1.5` → 1500).
    private func scaledDecimal(_ range: Range<Int>) -> Int? {
        let bytes = source.bytes
        guard let dot = range.firstIndex(where: { bytes[$0] == ascii(".") }) else {
            return decimal(range).map { $0 * 1000 }
        }
        let fraction = (dot + 1)..<range.upperBound
        guard let whole = decimal(range.lowerBound..<dot), fraction.count <= 3, let digits = decimal(fraction) else { return nil }
        var scaled = digits
        for _ in fraction.count..<3 { scaled *= 10 }
        return whole * 1000 + scaled
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// The character starting at byte `offset`, for messages.
    func characterText(at offset: Int) -> String {
        let end = min(offset + 4, source.bytes.count)
        return String(String(decoding: source.bytes[offset..<end], as: UTF8.self).first ?? "?")
    }
}
