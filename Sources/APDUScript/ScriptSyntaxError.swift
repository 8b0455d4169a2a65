/// A script that cannot be run as written: where (file, line, column), what is wrong, and the
/// offending line with a caret under the column.
public struct ScriptSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem starts.
    public let location: SourceLocation
    /// What is wrong, in words (no location).
    public let message: String
    /// The source line the problem is on, without its line break.
    public let excerpt: String
    /// The `include` statements that led to this file, outermost first.
    public let includedFrom: [SourceLocation]

    /// An error at `location` with the line it is on.
    public init(_ message: String, at location: SourceLocation, excerpt: String,
                includedFrom: [SourceLocation] = []) {
        self.message = message
        self.location = location
        self.excerpt = excerpt
        self.includedFrom = includedFrom
    }

    init(_ message: String, at offset: Int, in source: SourceText, includedFrom: [SourceLocation] = []) {
        let location = source.location(of: offset)
        self.init(message, at: location, excerpt: source.lineText(location.line), includedFrom: includedFrom)
    }

    /// The same error, recorded as reached through an `include` at `site`.
    func included(from site: SourceLocation) -> ScriptSyntaxError {
        ScriptSyntaxError(message, at: location, excerpt: excerpt, includedFrom: [site] + includedFrom)
    }

    /// The caret line: spaces (tabs kept, so it lines up) up to the column, then `^`.
    public var caretLine: String {
        let prefix = excerpt.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }
        return prefix.joined() + "^"
    }

    /// `file:line:column: error: message`, the excerpt, the caret, and the include chain.
    public var description: String {
        var lines = ["\(location): error: \(message)"]
        let gutter = String(location.line)
        lines.append("  \(gutter) | \(excerpt)")
        lines.append("  \(String(repeating: " ", count: gutter.count)) | \(caretLine)")
        for site in includedFrom.reversed() {
            lines.append("  included from \(site)")
        }
        return lines.joined(separator: "\n")
    }
}
