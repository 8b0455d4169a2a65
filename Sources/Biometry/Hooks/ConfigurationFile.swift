/// The subset of TOML v1.0 pbtool's configuration uses: `[table]` headers, `key = value` pairs
/// with bare or quoted keys, basic and literal strings, booleans, integers, and `#` comments.
/// Anything else (arrays, inline tables, dates, multi-line strings, dotted keys) is reported as
/// unsupported with its line, never guessed at.
public struct ConfigurationFile: Sendable, Hashable {
    /// A value of the subset.
    public enum Value: Sendable, Hashable {
        case string(String)
        case boolean(Bool)
        case integer(Int)
    }

    /// Values by table name (`""` for keys before any header), then by key.
    public let tables: [String: [String: Value]]

    /// Parses `text`.
    /// - Throws: ``ConfigurationError`` naming the line and the problem.
    public init(parsing text: String) throws {
        var tables: [String: [String: Value]] = ["": [:]]
        var current = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var scanner = ConfigurationScanner(line: Substring(rawLine), number: index + 1)
            scanner.skipSpaces()
            if scanner.isAtEndOrComment { continue }
            if scanner.peek == "[" {
                current = try scanner.tableHeader()
                guard tables[current] == nil else { throw scanner.error("table [\(current)] appears twice") }
                tables[current] = [:]
                continue
            }
            let (key, value) = try scanner.keyValue()
            guard tables[current]?[key] == nil else { throw scanner.error("key \(key) appears twice") }
            tables[current, default: [:]][key] = value
        }
        self.tables = tables
    }

    /// The value of `key` in `table`.
    public func value(_ key: String, in table: String) -> Value? {
        tables[table]?[key]
    }
}

/// A configuration file that is not in the supported subset.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public let line: Int
    /// What is wrong there.
    public let problem: String

    public var description: String { "line \(line): \(problem)" }
}
