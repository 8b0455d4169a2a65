/// A legacy script converted to pbtool's format, and what the conversion could not carry over.
public struct ImportedScript: Sendable, Equatable {
    /// Something the converted script does differently from the original tool, or leaves out.
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        /// The line of the legacy file it is about.
        public let line: Int
        /// What changed or was dropped.
        public let message: String

        /// A note about `line`.
        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        public var description: String { "line \(line): \(message)" }
    }

    /// The script text, ready for `pbtool apdu run`.
    public let text: String
    /// What a reader of the conversion should know.
    public let notes: [Note]

    /// A converted script from its parts.
    public init(text: String, notes: [Note]) {
        self.text = text
        self.notes = notes
    }
}

/// Which legacy format a file is in.
public enum LegacyScriptFormat: String, Sendable, CaseIterable {
    /// pcsc-tools `scriptor`: one APDU per line in hex, `reset`, `exit`, `#` comments.
    case scriptor
    /// Java Card `apdutool` (and jCardSim `APDUScriptTool`): `0x..` tokens, `;`, `powerup;`.
    case apdutool

    /// The format of `text`: apdutool when its statements end with `;` or use `0x` bytes or
    /// apdutool directives, scriptor otherwise.
    public static func detect(_ text: String) -> LegacyScriptFormat {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces).lowercased()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("//") || line.hasSuffix(";") || line.hasPrefix("0x") { return .apdutool }
        }
        return .scriptor
    }
}
