/// Reads one line of ``ConfigurationFile``'s TOML subset.
struct ConfigurationScanner {
    private let line: Substring
    private var index: Substring.Index
    let number: Int

    init(line: Substring, number: Int) {
        self.line = line.hasSuffix("\r") ? line.dropLast() : line
        self.index = self.line.startIndex
        self.number = number
    }

    var peek: Character? { index < line.endIndex ? line[index] : nil }
    var isAtEndOrComment: Bool { peek == nil || peek == "#" }

    func error(_ problem: String) -> ConfigurationError {
        ConfigurationError(line: number, problem: problem)
    }

    mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" { advance() }
    }

    private mutating func advance() {
        index = line.index(after: index)
    }

    /// `[name]` followed by nothing but a comment.
    mutating func tableHeader() throws -> String {
        advance()
        skipSpaces()
        if peek == "[" { throw error("arrays of tables ([[…]]) are not supported") }
        let name = try key()
        skipSpaces()
        guard peek == "]" else { throw error("expected ] after the table name") }
        advance()
        try expectLineEnd()
        return name
    }

    /// `key = value` followed by nothing but a comment.
    mutating func keyValue() throws -> (String, ConfigurationFile.Value) {
        let name = try key()
        skipSpaces()
        if peek == "." { throw error("dotted keys are not supported") }
        guard peek == "=" else { throw error("expected = after the key \(name)") }
        advance()
        skipSpaces()
        let value = try self.value()
        try expectLineEnd()
        return (name, value)
    }

    private mutating func expectLineEnd() throws {
        skipSpaces()
        guard isAtEndOrComment else { throw error("unexpected text after the value: \(line[index...])") }
    }

    private mutating func key() throws -> String {
        if peek == "\"" { return try basicString() }
        if peek == "'" { return try literalString() }
        let start = index
        while let character = peek, character.isLetter || character.isNumber || character == "-" || character == "_" {
            advance()
        }
        guard start < index else { throw error("expected a key") }
        return String(line[start..<index])
    }

    private mutating func value() throws -> ConfigurationFile.Value {
        switch peek {
        case "\"":
            if line[index...].hasPrefix("\"\"\"") { throw error("multi-line strings are not supported") }
            return .string(try basicString())
        case "'":
            if line[index...].hasPrefix("'''") { throw error("multi-line strings are not supported") }
            return .string(try literalString())
        case "[", "{":
            throw error("arrays and inline tables are not supported")
        default:
            return try bareValue()
        }
    }

    private mutating func bareValue() throws -> ConfigurationFile.Value {
        let start = index
        while let character = peek, character != " ", character != "\t", character != "#" { advance() }
        let word = line[start..<index]
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        if let number = Int(word.replacingOccurrences(of: "_", with: "")) { return .integer(number) }
        throw error(word.isEmpty ? "expected a value" : "unsupported value \(word) (use a quoted string, true, false or an integer)")
    }

    private mutating func literalString() throws -> String {
        advance()
        let start = index
        while let character = peek, character != "'" { advance() }
        guard peek == "'" else { throw error("unterminated string") }
        let text = String(line[start..<index])
        advance()
        return text
    }

    private mutating func basicString() throws -> String {
        advance()
        var text = ""
        while let character = peek {
            advance()
            switch character {
            case "\"": return text
            case "\\": text.append(try escape())
            default: text.append(character)
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape() throws -> Character {
        guard let character = peek else { throw error("unterminated escape") }
        advance()
        switch character {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "e": return "\u{1B}"
        case "u", "U": return try unicodeEscape(digits: character == "u" ? 4 : 8)
        default: throw error("unknown escape \\\(character)")
        }
    }

    private mutating func unicodeEscape(digits: Int) throws -> Character {
        var hex = ""
        for _ in 0..<digits {
            guard let character = peek, character.isHexDigit else { throw error("\\u needs \(digits) hex digits") }
            hex.append(character)
            advance()
        }
        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw error("\\u\(hex) is not a Unicode scalar value")
        }
        return Character(scalar)
    }
}
