import Foundation

/// Reads script files, parses them and follows their `include`s (relative to the including
/// file), refusing cycles and deep chains.
///
/// File access is the injected `readFile`, so tests run on scripts held in memory.
public struct ScriptLoader: Sendable {
    /// Returns the text of the file at a path, or throws.
    public typealias ReadFile = @Sendable (String) throws -> String

    private let readFile: ReadFile

    /// A loader reading through `readFile`.
    public init(readFile: @escaping ReadFile) {
        self.readFile = readFile
    }

    /// A loader reading UTF-8 files from disk.
    public static let fileSystem = ScriptLoader { path in try utf8Text(atPath: path) }

    /// The UTF-8 text of the file at `path` (a script, or a legacy script to import).
    /// - Throws: `ScriptLoadError` saying why it cannot be read.
    public static func text(atPath path: String) throws(ScriptLoadError) -> String {
        do {
            return try utf8Text(atPath: path)
        } catch {
            throw ScriptLoadError(path: path, reason: reason(error))
        }
    }

    private static func utf8Text(atPath path: String) throws -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw UnreadableScript.folder
        }
        // Read as bytes and decoded here: Foundation words a bad encoding as "isn't in the correct
        // format", which does not tell the user what is wrong.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let text = String(validating: bytes, as: UTF8.self) else { throw UnreadableScript.notUTF8 }
        return text
    }

    /// Why the file system loader refuses a path it could open.
    enum UnreadableScript: Error, CustomStringConvertible {
        case folder, notUTF8

        var description: String {
            switch self {
            case .folder: "a folder, not a script file"
            case .notUTF8: "not UTF-8 text"
            }
        }
    }

    /// Loads `path` and everything it includes, then checks the whole script.
    /// - Throws: `ScriptLoadError` when `path` cannot be read, `ScriptSyntaxError` for any problem
    ///   in it or in an included file.
    public func load(_ path: String) throws -> Script {
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw ScriptLoadError(path: path, reason: Self.reason(error))
        }
        return try parse(text, file: path)
    }

    /// Parses `text` as the script `file` (includes are read relative to `file`'s folder).
    /// - Throws: `ScriptSyntaxError`.
    public func parse(_ text: String, file: String) throws -> Script {
        let symbols = ScriptSymbols()
        let statements = try parseFile(text, path: file, chain: [Self.normalized(file)], context: Parser.Context(),
                                       symbols: symbols)
        return Script(file: file, statements: statements)
    }

    private func parseFile(_ text: String, path: String, chain: [String], context: Parser.Context,
                           symbols: ScriptSymbols) throws -> [Statement] {
        var parser = try Parser(source: SourceText(path: path, text: text), symbols: symbols) { includePath, site, innerContext in
            try self.follow(includePath, from: path, at: site, chain: chain, context: innerContext, symbols: symbols)
        }
        return try parser.parseFile(context: context)
    }

    private func follow(_ includePath: String, from includer: String, at site: SourceLocation, chain: [String],
                        context: Parser.Context, symbols: ScriptSymbols) throws -> (file: String, body: [Statement]) {
        let resolved = Self.normalized(Self.resolve(includePath, relativeTo: includer))
        if let first = chain.firstIndex(of: resolved) {
            let cycle = (chain[first...] + [resolved]).joined(separator: " → ")
            throw IncludeFailure(message: "include cycle: \(cycle)")
        }
        guard chain.count <= ScriptLimits.maximumIncludeDepth else {
            throw IncludeFailure(message: "includes nest deeper than \(ScriptLimits.maximumIncludeDepth) files")
        }
        let text: String
        do {
            text = try readFile(resolved)
        } catch {
            throw IncludeFailure(message: "cannot read included file \"\(resolved)\": \(Self.reason(error))")
        }
        do {
            return (resolved, try parseFile(text, path: resolved, chain: chain + [resolved], context: context,
                                          symbols: symbols))
        } catch let failure as ScriptSyntaxError {
            throw failure.included(from: site)
        }
    }

    /// `path` as seen from the folder of `includer` (absolute paths stay as they are).
    static func resolve(_ path: String, relativeTo includer: String) -> String {
        guard !path.hasPrefix("/"), let slash = includer.lastIndex(of: "/") else { return path }
        return String(includer[..<slash]) + "/" + path
    }

    /// `a/./b/../c` → `a/c`, so one file has one name in the include chain.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    private static func reason(_ error: any Error) -> String {
        if let unreadable = error as? UnreadableScript { return unreadable.description }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError: return "permission denied"
            case NSFileReadInapplicableStringEncodingError: return "not UTF-8 text"
            default: break
            }
        }
        return nsError.localizedDescription
    }
}

/// A script file that could not be read at all.
public struct ScriptLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// Why it could not be read.
    public let reason: String

    /// An error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read script \"\(path)\": \(reason)" }
}
