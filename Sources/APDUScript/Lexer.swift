/// Splits script text into tokens (see docs/apdu-scripts.md, "Lexical rules").
///
/// Works on UTF-8 bytes; keywords, hex and wildcards are ASCII, anything else only matters
/// inside strings and comments.
struct Lexer {
    private let source: SourceText
    private var bytes: [UInt8] { source.bytes }
    private var position = 0

    init(source: SourceText) {
        self.source = source
    }

    /// Every token up to and including `.end`.
    /// - Throws: `ScriptSyntaxError` for an unterminated string, a bad `${…}` or `$name`, a stray `\`.
    static func tokens(of source: SourceText) throws -> [Token] {
        var lexer = Lexer(source: source)
        var tokens: [Token] = []
        tokens.reserveCapacity(source.bytes.count / 3)
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws -> Token {
        skipBlanksAndComments()
        guard position < bytes.count else { return Token(kind: .end, range: position..<position) }
        let start = position
        switch bytes[position] {
        case ascii("\n"):
            position += 1
            return Token(kind: .newline, range: start..<position)
        case ascii("\\"):
            try continueLine()
            return try next()
        case ascii("{"): return single(.openBrace)
        case ascii("}"): return single(.closeBrace)
        case ascii("\""): return try string()
        case ascii("$"): return try variable()
        case ascii("="): return equalsOrStatus()
        case ascii("!"): return try negatedStatus()
        case ascii("-") where peek(1) == ascii(">"):
            position += 2
            return Token(kind: .arrow, range: start..<position)
        default:
            skipWord()
            return Token(kind: .word, range: start..<position)
        }
    }

    // MARK: - Blanks, comments, continuation

    private mutating func skipBlanksAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\r") {
                position += 1
            } else if byte == ascii("#") || (byte == ascii("/") && peek(1) == ascii("/")) {
                while position < bytes.count, bytes[position] != ascii("\n") { position += 1 }
            } else {
                return
            }
        }
    }

    /// `\` at the end of a line (blanks and a comment may follow) joins the next line to this one.
    private mutating func continueLine() throws {
        let backslash = position
        position += 1
        skipBlanksAndComments()
        guard position >= bytes.count || bytes[position] == ascii("\n") else {
            throw ScriptSyntaxError("'\\' continues a line only as its last character", at: backslash, in: source)
        }
        if position < bytes.count { position += 1 }
    }

    // MARK: - Tokens

    private mutating func single(_ kind: Token.Kind) -> Token {
        position += 1
        return Token(kind: kind, range: (position - 1)..<position)
    }

    private mutating func skipWord() {
        while position < bytes.count, !Self.endsWord(bytes[position]) { position += 1 }
    }

    private mutating func string() throws -> Token {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != ascii("\n") {
            let byte = bytes[position]
            if byte == ascii("\"") {
                position += 1
                return Token(kind: .string, range: start..<position, inner: (start + 1)..<(position - 1))
            }
            if byte == ascii("\\"), position + 1 < bytes.count,
               bytes[position + 1] == ascii("\"") || bytes[position + 1] == ascii("\\") {
                position += 1
            }
            position += 1
        }
        throw ScriptSyntaxError("unterminated string: add the closing \" on the same line", at: start, in: source)
    }

    private mutating func variable() throws -> Token {
        let start = position
        position += 1
        if peek(0) == ascii("{") {
            position += 1
            let nameStart = position
            while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
            guard peek(0) == ascii("}"), position > nameStart, !Self.isDigit(bytes[nameStart]) else {
                throw ScriptSyntaxError("expected an environment variable name and '}' after '${' (e.g. ${CARD_KEY})",
                                        at: start, in: source)
            }
            let name = nameStart..<position
            position += 1
            return Token(kind: .environment, range: start..<position, inner: name)
        }
        let nameStart = position
        while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
        guard position > nameStart, !Self.isDigit(bytes[nameStart]) else {
            throw ScriptSyntaxError("expected a variable name after '$' (letters, digits, '_'; e.g. $challenge)",
                                    at: start, in: source)
        }
        let name = nameStart..<position
        let slice = try slice()
        return Token(kind: .variable, range: start..<position, inner: name, slice: slice)
    }

    /// `[…]` right after a variable name: the range inside the brackets.
    private mutating func slice() throws -> Range<Int>? {
        guard peek(0) == ascii("[") else { return nil }
        let open = position
        position += 1
        while position < bytes.count, bytes[position] != ascii("]"), bytes[position] != ascii("\n") { position += 1 }
        guard peek(0) == ascii("]") else {
            throw ScriptSyntaxError("unterminated slice: expected ']'", at: open, in: source)
        }
        position += 1
        return (open + 1)..<(position - 1)
    }

    private mutating func equalsOrStatus() -> Token {
        let start = position
        if peek(1) == ascii("=") {
            position += 2
            return Token(kind: .doubleEquals, range: start..<position)
        }
        position += 1
        guard position < bytes.count, !Self.endsWord(bytes[position]), bytes[position] != ascii("$") else {
            return Token(kind: .equals, range: start..<position)
        }
        skipWord()
        return Token(kind: .status(negated: false), range: start..<position)
    }

    private mutating func negatedStatus() throws -> Token {
        let start = position
        position += 1
        skipWord()
        guard position > start + 1 else {
            throw ScriptSyntaxError("expected a status word right after '!' (e.g. !6A82)", at: start, in: source)
        }
        return Token(kind: .status(negated: true), range: start..<position)
    }

    // MARK: - Bytes

    private func peek(_ ahead: Int) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case ascii(" "), ascii("\t"), ascii("\r"), ascii("\n"), ascii("{"), ascii("}"), ascii("\""), ascii("#"):
            return true
        default:
            return false
        }
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == ascii("_") || (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z"))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }
}

/// The byte value of an ASCII character literal.
@inline(__always)
func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
