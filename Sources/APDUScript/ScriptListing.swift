import APDU

/// What `--dry-run` shows: every statement with its place, nested blocks indented, commands
/// decoded, and PINs and keys hidden unless asked otherwise.
public struct ScriptListing: Sendable {
    /// One listed statement.
    public struct Entry: Sendable, Encodable, Equatable {
        /// Where it is written.
        public let location: SourceLocation
        /// How many blocks enclose it.
        public let depth: Int
        /// The statement in canonical form.
        public let text: String
    }

    /// The statements in order, blocks flattened with `depth`.
    public let entries: [Entry]

    /// The listing of `script`, hiding what `secrets` hides unless `showsSecrets`.
    public init(_ script: Script, showsSecrets: Bool = false, secrets: APDURedaction = .scriptDefault) {
        var entries: [Entry] = []
        Self.list(script.statements, depth: 0, policy: showsSecrets ? .nothing : secrets, into: &entries)
        self.entries = entries
    }

    /// `file:line:column  text`, indented by depth.
    public var lines: [String] {
        entries.map { "\($0.location)  " + String(repeating: "  ", count: $0.depth) + $0.text }
    }

    private static func list(_ statements: [Statement], depth: Int, policy: APDURedaction, into entries: inout [Entry]) {
        for statement in statements {
            entries.append(Entry(location: statement.location, depth: depth, text: text(of: statement, policy: policy)))
            switch statement.kind {
            case .test(_, let body), .repeatBlock(_, let body), .include(_, let body):
                list(body, depth: depth + 1, policy: policy, into: &entries)
            default:
                break
            }
        }
    }

    private static func text(of statement: Statement, policy: APDURedaction) -> String {
        switch statement.kind {
        case .command(let step): return command(step, policy: policy)
        case .test(let name, _): return "test \"\(name)\""
        case .reset(let cold): return cold ? "reset cold" : "reset warm"
        case .atr(let expectation):
            return "atr \(expectation.pattern)" + (expectation.mask.map { " mask \($0.hexString())" } ?? "")
        case .assign(let name, let value): return "let $\(name) = \(value)"
        case .repeatBlock(let count, _): return "repeat \(count)"
        case .sleep(let duration): return "sleep \(formatMilliseconds((duration / .milliseconds(1)))) ms"
        case .option(let option, let enabled): return "option \(option.rawValue) \(enabled ? "on" : "off")"
        case .reader(let name): return "reader \"\(name)\""
        case .channel(let number): return "channel \(number)"
        case .include(let file, _): return "include \"\(file)\""
        }
    }

    private static func command(_ step: CommandStep, policy: APDURedaction) -> String {
        var parts: [String]
        if let literal = step.literal {
            parts = [policy.traced(command: literal, for: literal).description, "(case \(literal.apduCase.rawValue))"]
        } else {
            parts = [step.command.description]
        }
        parts += step.expectations.map(\.text)
        parts += step.captures.map(\.text)
        return parts.joined(separator: " ")
    }
}

extension Expectation {
    /// The check as a script spells it.
    var text: String {
        switch kind {
        case .status(let pattern): return pattern.description
        case .data(let pattern): return "data \(pattern)"
        case .length(let range): return "len \(range)"
        case .tlv(let path, .equals(let pattern)): return "tlv \(path) == \(pattern)"
        case .tlv(let path, .present): return "tlv \(path) present"
        case .tlv(let path, .absent): return "tlv \(path) absent"
        case .tlv(let path, .length(let range)): return "tlv \(path) len \(range)"
        }
    }
}

extension Capture {
    /// The capture as a script spells it.
    var text: String {
        let target = "-> $\(name)" + (slice.map { "[\($0)]" } ?? "")
        switch source {
        case .data: return target
        case .tlv(let path): return target + " = tlv \(path)"
        }
    }
}
