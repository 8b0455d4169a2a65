/// Checks, before anything is sent, that every `${NAME}` the scripts use is set and is hex.
public enum EnvironmentCheck {
    /// One problem per reference, in script order; empty when all is well.
    public static func problems(in scripts: [Script], environment: [String: String]) -> [TestFailure] {
        scripts.flatMap { script in
            references(in: script.statements).compactMap { name, location -> TestFailure? in
                do throws(ValueProblem) {
                    _ = try ScriptVariables.environmentBytes(name, in: environment, at: location)
                    return nil
                } catch {
                    return error.failure
                }
            }
        }
    }

    private static func references(in statements: [Statement]) -> [(String, SourceLocation)] {
        statements.flatMap { statement -> [(String, SourceLocation)] in
            switch statement.kind {
            case .command(let step):
                return names(step.command.terms) + step.expectations.flatMap { names(in: $0) }
            case .assign(_, let value): return names(value.terms)
            case .atr(let expectation): return names(in: expectation.pattern)
            case .test(_, let body), .repeatBlock(_, let body), .include(_, let body): return references(in: body)
            case .reset, .sleep, .option, .reader, .channel: return []
            }
        }
    }

    private static func names(in expectation: Expectation) -> [(String, SourceLocation)] {
        switch expectation.kind {
        case .data(let pattern), .tlv(_, .equals(let pattern)): return names(in: pattern)
        case .status, .length, .tlv: return []
        }
    }

    private static func names(in pattern: BytePattern) -> [(String, SourceLocation)] {
        names(pattern.elements.compactMap { if case .expression(let term) = $0 { term } else { nil } })
    }

    private static func names(_ terms: [ByteExpression.Term]) -> [(String, SourceLocation)] {
        terms.compactMap { if case .environment(let name, let location) = $0 { (name, location) } else { nil } }
    }
}
