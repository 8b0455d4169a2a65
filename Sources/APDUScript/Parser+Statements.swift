/// The statements that start with a keyword.
extension Parser {
    static let statementKeywords = ["test", "repeat", "reset", "atr", "let", "include", "sleep", "option",
                                    "reader", "channel", "expect"]

    mutating func parseStatement(context: Context) throws -> Statement {
        let token = current
        let at = location(token.offset)
        switch keyword(token) {
        case .test: return Statement(try parseTest(context: context), at: at)
        case .`repeat`: return Statement(try parseRepeat(context: context), at: at)
        case .reset: return Statement(try parseReset(), at: at)
        case .atr: return Statement(.atr(try parseATR()), at: at)
        case .`let`: return Statement(try parseLet(), at: at)
        case .include: return Statement(try parseInclude(context: context), at: at)
        case .sleep: return Statement(.sleep(try parseSleep()), at: at)
        case .option: return Statement(try parseOption(), at: at)
        case .reader: return Statement(.reader(try parseString(after: "reader", example: "reader \"Virtual PCD 00 00\"")), at: at)
        case .channel: return Statement(try parseChannel(), at: at)
        case .data, .len, .tlv:
            throw error("'\(text(token))' checks the answer to a command: write it after the command on the same line, "
                        + "or on an 'expect' line right below it", at: token.offset)
        default: break
        }
        switch token.kind {
        case .word, .variable, .environment:
            return Statement(.command(try parseCommand()), at: at)
        case .status:
            throw error("a status check must follow a command on the same line, or go on an 'expect' line",
                        at: token.offset)
        default:
            throw error("expected a command APDU in hex or a statement (\(Self.statementKeywords.joined(separator: ", "))), "
                        + "found \(describe(token))", at: token.offset)
        }
    }

    private mutating func parseTest(context: Context) throws -> Statement.Kind {
        let start = current.offset
        if let enclosing = context.test {
            throw error("tests cannot be nested (the enclosing test starts at \(enclosing.line):\(enclosing.column))", at: start)
        }
        if context.repeatProduct > 1 { throw error("a test cannot be inside 'repeat'; put the 'repeat' inside the test", at: start) }
        let nameOffset = tokens[index + 1].offset
        let name = try parseString(after: "test", example: "test \"select the applet\" {")
        if let earlier = symbols.tests[name] {
            throw error("a test named \"\(name)\" already exists at \(earlier); test names must be unique in a script",
                        at: nameOffset)
        }
        symbols.tests[name] = location(start)
        var inner = context
        inner.test = location(start)
        return .test(name: name, body: try parseBody(context: inner))
    }

    private mutating func parseRepeat(context: Context) throws -> Statement.Kind {
        index += 1
        let countToken = current
        let count = try parseInteger(what: "a repeat count", example: "repeat 3 {")
        guard (1...ScriptLimits.maximumRepeatCount).contains(count) else {
            throw error("repeat count \(count) is outside 1…\(ScriptLimits.maximumRepeatCount)", at: countToken.offset)
        }
        let product = context.repeatProduct.multipliedReportingOverflow(by: count)
        guard !product.overflow, product.partialValue <= ScriptLimits.maximumRepeatProduct else {
            throw error("nested repeats would run their body more than \(ScriptLimits.maximumRepeatProduct) times",
                        at: countToken.offset)
        }
        if keyword(current) == .times { index += 1 }
        var inner = context
        inner.repeatProduct = product.partialValue
        return .repeatBlock(count: count, body: try parseBody(context: inner))
    }

    private mutating func parseReset() throws -> Statement.Kind {
        index += 1
        switch keyword(current) {
        case .cold:
            index += 1
            return .reset(cold: true)
        case .warm:
            index += 1
            return .reset(cold: false)
        default:
            guard current.kind == .word else { return .reset(cold: false) }
            throw error("expected 'cold' or 'warm' after 'reset', found \(describe(current))", at: current.offset)
        }
    }

    private mutating func parseATR() throws -> ATRExpectation {
        let keywordOffset = current.offset
        index += 1
        let pattern = try parsePattern(after: "atr", at: keywordOffset)
        guard keyword(current) == .mask else { return ATRExpectation(pattern: pattern, mask: nil) }
        index += 1
        let maskStart = current.offset
        let mask = try parseHexWords(what: "a mask after 'mask'")
        let fixed = pattern.elements.filter { if case .byte = $0 { true } else { false } }.count
        let hasVariables = pattern.elements.contains { if case .expression = $0 { true } else { false } }
        guard hasVariables || mask.count <= fixed else {
            throw error("the mask has \(mask.count) bytes but the pattern only \(fixed)", at: maskStart)
        }
        return ATRExpectation(pattern: pattern, mask: mask)
    }

    private mutating func parseLet() throws -> Statement.Kind {
        index += 1
        guard current.kind == .variable else {
            throw error("expected a variable after 'let' (e.g. let $pin = 31 32 33 34)", at: current.offset)
        }
        let name = self.name(current)
        guard current.slice == nil else { throw error("'let' sets a whole variable; remove the slice", at: current.offset) }
        index += 1
        switch current.kind {
        case .equals:
            index += 1
        case .status(negated: false):
            // `let $x =0011`: the '=' was read as the start of a status check; take the rest as hex.
            let value = try parseExpression(startingInsideStatus: true)
            symbols.variables.insert(name)
            return .assign(name: name, value: value)
        default:
            throw error("expected '=' after the variable name", at: current.offset)
        }
        let value = try parseExpression(startingInsideStatus: false)
        symbols.variables.insert(name)
        return .assign(name: name, value: value)
    }

    private mutating func parseInclude(context: Context) throws -> Statement.Kind {
        let site = location(current.offset)
        let pathOffset = tokens[index + 1].offset
        let path = try parseString(after: "include", example: "include \"common/select.apdu\"")
        do {
            let included = try include(path, site, context)
            return .include(file: included.file, body: included.body)
        } catch let failure as IncludeFailure {
            throw error(failure.message, at: pathOffset)
        }
    }

    private mutating func parseSleep() throws -> Duration {
        index += 1
        let start = current.offset
        let duration = try parseDuration()
        guard duration <= ScriptLimits.maximumSleep else {
            throw error("sleep is limited to \(ScriptLimits.maximumSleep.components.seconds) s", at: start)
        }
        return duration
    }

    private mutating func parseOption() throws -> Statement.Kind {
        index += 1
        let names = ScriptOption.allCases.map(\.rawValue).joined(separator: ", ")
        guard current.kind == .word, let option = ScriptOption(rawValue: text(current).lowercased()) else {
            throw error("expected an option name (\(names)), found \(describe(current))", at: current.offset)
        }
        index += 1
        switch keyword(current) {
        case .on:
            index += 1
            return .option(option, enabled: true)
        case .off:
            index += 1
            return .option(option, enabled: false)
        default:
            throw error("expected 'on' or 'off' after 'option \(option.rawValue)', found \(describe(current))", at: current.offset)
        }
    }

    private mutating func parseChannel() throws -> Statement.Kind {
        index += 1
        let start = current.offset
        let number = try parseInteger(what: "a logical channel number", example: "channel 1")
        guard (0...19).contains(number) else {
            throw error("logical channel \(number) is outside 0…19 (ISO 7816-4 §5.4.1)", at: start)
        }
        return .channel(number)
    }

    /// `keyword "text"`: the string after the keyword (which is the current token).
    mutating func parseString(after keyword: String, example: String) throws -> String {
        index += 1
        guard current.kind == .string else {
            throw error("expected a quoted string after '\(keyword)' (e.g. \(example))", at: current.offset)
        }
        let value = stringValue(current)
        guard !value.isEmpty else { throw error("the string after '\(keyword)' is empty", at: current.offset) }
        index += 1
        return value
    }
}

/// Why an `include` could not be followed (missing file, cycle, depth); reported at its path.
struct IncludeFailure: Error {
    let message: String
}
