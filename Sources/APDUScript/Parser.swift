import APDU

/// Reads the tokens of one file into statements (grammar: docs/apdu-scripts.md).
///
/// Every error names the exact place; the first one ends parsing.
struct Parser {
    /// Where a block sits, for the rules that depend on it.
    struct Context {
        /// The enclosing `test`, if any (tests cannot nest).
        var test: SourceLocation?
        /// The product of the enclosing `repeat` counts.
        var repeatProduct = 1
        /// How many blocks enclose this one.
        var depth = 0
    }

    /// Parses an included file in the given context; provided by `ScriptLoader`.
    typealias IncludeHandler = (_ path: String, _ site: SourceLocation, _ context: Context) throws -> (file: String, body: [Statement])

    let source: SourceText
    let tokens: [Token]
    var index = 0
    let include: IncludeHandler
    let symbols: ScriptSymbols

    init(source: SourceText, symbols: ScriptSymbols, include: @escaping IncludeHandler) throws {
        self.source = source
        self.tokens = try Lexer.tokens(of: source)
        self.symbols = symbols
        self.include = include
    }

    /// The statements of the whole file.
    mutating func parseFile(context: Context) throws -> [Statement] {
        try parseBlock(context: context, openedAt: nil)
    }

    // MARK: - Blocks

    /// Statements up to the `}` matching the `{` at `openedAt`, or to the end of the file.
    mutating func parseBlock(context: Context, openedAt: Int?) throws -> [Statement] {
        var statements: [Statement] = []
        while true {
            let token = current
            switch token.kind {
            case .newline:
                index += 1
            case .end:
                if let openedAt { throw error("missing '}' for the block opened here", at: openedAt) }
                return statements
            case .closeBrace:
                guard openedAt != nil else { throw error("'}' without a matching '{'", at: token.offset) }
                index += 1
                return statements
            default:
                if keyword(token) == .expect {
                    try parseExpect(into: &statements)
                } else {
                    statements.append(try parseStatement(context: context))
                }
                try expectEndOfStatement()
            }
        }
    }

    /// After a statement: a line break, the `}` of a one-line block, or the end.
    mutating func expectEndOfStatement() throws {
        switch current.kind {
        case .newline, .closeBrace, .end: return
        default: throw error("unexpected \(describe(current)) after the statement; one statement per line", at: current.offset)
        }
    }

    /// `{ … }` after `test "…"` or `repeat N`: the body, in a deeper context.
    mutating func parseBody(context: Context) throws -> [Statement] {
        guard current.kind == .openBrace else {
            throw error("expected '{' to open the block on this line", at: current.offset)
        }
        guard context.depth < ScriptLimits.maximumNesting else {
            throw error("blocks nest deeper than \(ScriptLimits.maximumNesting) levels", at: current.offset)
        }
        let open = current.offset
        index += 1
        var inner = context
        inner.depth += 1
        return try parseBlock(context: inner, openedAt: open)
    }

    // MARK: - Names

    /// A `$name` use: it must have been set by an earlier `let` or capture.
    func reference(_ name: String, slice: ByteSlice?, at offset: Int) throws -> VariableReference {
        guard symbols.variables.contains(name) else {
            throw error("$\(name) is not set yet: set it with 'let $\(name) = …' or capture it with '-> $\(name)' on an earlier line",
                        at: offset)
        }
        return VariableReference(name: name, slice: slice, location: location(offset))
    }

    // MARK: - Tokens

    var current: Token { tokens[index] }

    func location(_ offset: Int) -> SourceLocation { source.location(of: offset) }

    func error(_ message: String, at offset: Int) -> ScriptSyntaxError {
        ScriptSyntaxError(message, at: offset, in: source)
    }

    func text(_ token: Token) -> String { String(decoding: source.bytes[token.range], as: UTF8.self) }

    /// The keyword a word token spells (any case), without building a string.
    func keyword(_ token: Token) -> Keyword? {
        guard token.kind == .word, token.range.count < Keyword.byLength.count else { return nil }
        let bytes = source.bytes
        candidates: for candidate in Keyword.byLength[token.range.count] {
            for (index, offset) in token.range.enumerated() where bytes[offset] | 0x20 != candidate.bytes[index] {
                continue candidates
            }
            return candidate.keyword
        }
        return nil
    }

    /// Whether a token ends a byte list or pattern (`data`, `len`, `tlv`, `mask`, …).
    func isCheckKeyword(_ token: Token) -> Bool {
        keyword(token).map { Keyword.checks.contains($0) } ?? false
    }

    /// The name of a variable or environment token.
    func name(_ token: Token) -> String { String(decoding: source.bytes[token.inner], as: UTF8.self) }

    /// The value of a string token, `\"` and `\\` resolved.
    func stringValue(_ token: Token) -> String {
        var value: [UInt8] = []
        var offset = token.inner.lowerBound
        while offset < token.inner.upperBound {
            if source.bytes[offset] == ascii("\\"), offset + 1 < token.inner.upperBound { offset += 1 }
            value.append(source.bytes[offset])
            offset += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// How a token reads in an error message.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .word, .status: return "'\(text(token))'"
        case .string: return "string \(text(token))"
        case .variable, .environment: return "'\(text(token))'"
        case .equals: return "'='"
        case .doubleEquals: return "'=='"
        case .arrow: return "'->'"
        case .openBrace: return "'{'"
        case .closeBrace: return "'}'"
        case .newline: return "end of line"
        case .end: return "end of file"
        }
    }
}

/// Names the statements so far have defined (variables, test names with their places), and
/// the TLV paths already read (scripts repeat the same few paths).
///
/// One instance is shared by a script and all the files it includes, which are parsed in order.
final class ScriptSymbols {
    var variables: Set<String> = []
    var tests: [String: SourceLocation] = [:]
    var tlvPaths: [String: TLVPath] = [:]
}
