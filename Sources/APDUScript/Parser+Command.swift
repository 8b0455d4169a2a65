import APDU

/// Command lines, their checks and captures, and `expect` lines.
extension Parser {
    mutating func parseCommand() throws -> CommandStep {
        let start = current.offset
        let expression = try parseExpression(startingInsideStatus: false)
        var literal: CommandAPDU?
        if let bytes = expression.literalBytes {
            do {
                literal = try CommandAPDU(bytes: bytes)
            } catch {
                throw self.error("not a valid command APDU: \(error)", at: start)
            }
        }
        var step = CommandStep(command: expression, literal: literal)
        try parseChecks(into: &step)
        return step
    }

    /// `expect CHECKS…`: more checks for the command just above, in the same block.
    mutating func parseExpect(into statements: inout [Statement]) throws {
        let start = current.offset
        index += 1
        guard let last = statements.last, case .command(var step) = last.kind else {
            throw error("'expect' must follow a command APDU in the same block", at: start)
        }
        let before = step.expectations.count + step.captures.count
        try parseChecks(into: &step)
        guard step.expectations.count + step.captures.count > before else {
            throw error("expected checks after 'expect' (e.g. expect =9000 data 6F *)", at: current.offset)
        }
        statements[statements.count - 1] = Statement(.command(step), at: last.location)
    }

    /// Status checks, `data`, `len`, `tlv` checks and `->` captures, in any order.
    mutating func parseChecks(into step: inout CommandStep) throws {
        while true {
            let token = current
            switch token.kind {
            case .status(let negated):
                step.expectations.append(Expectation(.status(try parseStatus(token, negated: negated)), at: location(token.offset)))
                index += 1
            case .arrow:
                step.captures.append(try parseCapture())
            case .word:
                switch keyword(token) {
                case .data:
                    index += 1
                    step.expectations.append(Expectation(.data(try parsePattern(after: "data", at: token.offset)),
                                                         at: location(token.offset)))
                case .len:
                    index += 1
                    step.expectations.append(Expectation(.length(try parseLength()), at: location(token.offset)))
                case .tlv:
                    step.expectations.append(Expectation(try parseTLVCheck(), at: location(token.offset)))
                default:
                    return
                }
            default:
                return
            }
        }
    }

    private mutating func parseTLVCheck() throws -> Expectation.Kind {
        let keywordOffset = current.offset
        index += 1
        let path = try parseTLVPath()
        switch current.kind {
        case .doubleEquals:
            index += 1
            return .tlv(path, .equals(try parsePattern(after: "==", at: keywordOffset)))
        case .word where keyword(current) == .present:
            index += 1
            return .tlv(path, .present)
        case .word where keyword(current) == .absent:
            index += 1
            return .tlv(path, .absent)
        case .word where keyword(current) == .len:
            index += 1
            return .tlv(path, .length(try parseLength()))
        default:
            throw error("expected '== PATTERN', 'present', 'absent' or 'len N' after the TLV path, found \(describe(current))",
                        at: current.offset)
        }
    }

    mutating func parseTLVPath() throws -> TLVPath {
        guard current.kind == .word else {
            throw error("expected a TLV path after 'tlv' (e.g. tlv 6F/84 == F0 70 62)", at: current.offset)
        }
        let token = current
        index += 1
        let written = text(token)
        if let known = symbols.tlvPaths[written] { return known }
        do {
            let path = try TLVPath(written)
            symbols.tlvPaths[written] = path
            return path
        } catch let failure as TLVPath.ParseError {
            throw error(failure.reason, at: token.offset)
        }
    }

    private mutating func parseCapture() throws -> Capture {
        let arrow = current.offset
        index += 1
        guard current.kind == .variable else {
            throw error("expected a variable after '->' (e.g. -> $challenge)", at: current.offset)
        }
        let name = self.name(current)
        let slice = try current.slice.map { try parseSlice($0) }
        index += 1
        var source = Capture.Source.data
        if current.kind == .equals {
            index += 1
            guard keyword(current) == .tlv else {
                throw error("expected 'tlv PATH' after '=' in a capture (e.g. -> $aid = tlv 6F/84)", at: current.offset)
            }
            index += 1
            source = .tlv(try parseTLVPath())
        }
        symbols.variables.insert(name)
        return Capture(name: name, slice: slice, source: source, location: location(arrow))
    }

    /// Hex words, `$variables` and `${ENV}` up to a check keyword or the end of the statement;
    /// neighbouring hex words become one term.
    mutating func parseExpression(startingInsideStatus: Bool) throws -> ByteExpression {
        var terms: [ByteExpression.Term] = []
        var literal: [UInt8] = []
        literal.reserveCapacity(32)
        func flush() {
            if !literal.isEmpty { terms.append(.bytes(literal)) }
            literal = []
        }
        if startingInsideStatus {
            let token = current
            try parseHexWord(token.range.dropFirst(), whole: token, into: &literal)
            index += 1
        }
        loop: while true {
            let token = current
            switch token.kind {
            case .word:
                if isCheckKeyword(token) { break loop }
                try parseHexWord(token.range, whole: token, into: &literal)
            case .variable:
                let slice = try token.slice.map { try parseSlice($0) }
                flush()
                terms.append(.variable(try reference(name(token), slice: slice, at: token.offset)))
            case .environment:
                flush()
                terms.append(.environment(name: name(token), location: location(token.offset)))
            default:
                break loop
            }
            index += 1
        }
        flush()
        guard !terms.isEmpty else { throw error("expected hex bytes, found \(describe(current))", at: current.offset) }
        return ByteExpression(terms: terms)
    }

    /// Plain hex words (no variables): a mask, for instance.
    mutating func parseHexWords(what: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while current.kind == .word, !isCheckKeyword(current) {
            try parseHexWord(current.range, whole: current, into: &bytes)
            index += 1
        }
        guard !bytes.isEmpty else { throw error("expected \(what) in hex, found \(describe(current))", at: current.offset) }
        return bytes
    }

    /// A byte pattern after `data`, `atr` or `==` (the keyword at `keywordOffset`).
    mutating func parsePattern(after keyword: String, at keywordOffset: Int) throws -> BytePattern {
        var elements: [BytePattern.Element] = []
        elements.reserveCapacity(16)
        var restOffset: Int?
        while true {
            let token = current
            let before = elements.count
            if let restOffset, !isCheckKeyword(token) {
                if Self.isPatternElement(token.kind) {
                    throw error("'*' (any further bytes) must be the last element of the pattern", at: restOffset)
                }
            }
            switch token.kind {
            case .word:
                if !isCheckKeyword(token) { try parsePatternWord(token, into: &elements) }
            case .variable:
                let slice = try token.slice.map { try parseSlice($0) }
                elements.append(.expression(.variable(try reference(name(token), slice: slice, at: token.offset))))
            case .environment:
                elements.append(.expression(.environment(name: name(token), location: location(token.offset))))
            default:
                break
            }
            guard elements.count > before else { break }
            if case .rest = elements.last { restOffset = token.offset }
            index += 1
        }
        guard !elements.isEmpty else {
            throw error("expected a byte pattern after '\(keyword)' (hex; '..' or '??' any byte; 'x' or '?' any nibble; '*' any rest)",
                        at: current.kind == .newline || current.kind == .end ? keywordOffset : current.offset)
        }
        return BytePattern(elements: elements)
    }

    private static func isPatternElement(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .word, .variable, .environment: true
        default: false
        }
    }
}
