/// Splits an apdutool script into `;`-terminated statements, keeping comments.
struct APDUToolTokenizer {
    let source: SourceText
    private var position = 0

    init(source: SourceText) {
        self.source = source
    }

    /// The statements in order; a last entry may hold only trailing comments.
    mutating func statements() throws -> [APDUToolStatement] {
        var result: [APDUToolStatement] = []
        var current = APDUToolStatement()
        let bytes = source.bytes
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\r") || byte == ascii("\n") {
                position += 1
            } else if byte == ascii("/"), peek(1) == ascii("/") {
                current.comments.append(lineComment())
            } else if byte == ascii("/"), peek(1) == ascii("*") {
                current.comments += try blockComment()
            } else if byte == ascii(";") {
                position += 1
                result.append(current)
                current = APDUToolStatement()
            } else if byte == ascii("\"") {
                current.words.append(try string())
            } else {
                current.words.append(word())
            }
        }
        if let first = current.words.first {
            throw ScriptSyntaxError("statement not terminated: add ';'", at: first.offset, in: source)
        }
        if !current.comments.isEmpty { result.append(current) }
        return result
    }

    private func peek(_ ahead: Int) -> UInt8? {
        position + ahead < source.bytes.count ? source.bytes[position + ahead] : nil
    }

    private mutating func lineComment() -> String {
        let start = position + 2
        while position < source.bytes.count, source.bytes[position] != ascii("\n") { position += 1 }
        return String(decoding: source.bytes[start..<position], as: UTF8.self).trimmingSpaces
    }

    private mutating func blockComment() throws -> [String] {
        let open = position
        position += 2
        let start = position
        while position + 1 < source.bytes.count, !(source.bytes[position] == ascii("*") && source.bytes[position + 1] == ascii("/")) {
            position += 1
        }
        guard position + 1 < source.bytes.count else {
            throw ScriptSyntaxError("comment not closed: add '*/'", at: open, in: source)
        }
        let text = String(decoding: source.bytes[start..<position], as: UTF8.self)
        position += 2
        return text.split(separator: "\n").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    private mutating func string() throws -> APDUToolStatement.Word {
        let start = position
        position += 1
        while position < source.bytes.count, source.bytes[position] != ascii("\""), source.bytes[position] != ascii("\n") {
            position += 1
        }
        guard position < source.bytes.count, source.bytes[position] == ascii("\"") else {
            throw ScriptSyntaxError("unterminated string", at: start, in: source)
        }
        position += 1
        return .init(text: String(decoding: source.bytes[(start + 1)..<(position - 1)], as: UTF8.self), offset: start)
    }

    private mutating func word() -> APDUToolStatement.Word {
        let start = position
        while position < source.bytes.count {
            let byte = source.bytes[position]
            if byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\r") || byte == ascii("\n")
                || byte == ascii(";") || byte == ascii("\"") || (byte == ascii("/") && (peek(1) == ascii("/") || peek(1) == ascii("*"))) {
                break
            }
            position += 1
        }
        return .init(text: String(decoding: source.bytes[start..<position], as: UTF8.self), offset: start)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
