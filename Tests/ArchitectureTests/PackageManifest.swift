import Foundation

/// The targets of `Package.swift` and what each depends on, read from the manifest's text: the
/// graph as it is built, without running SwiftPM.
struct PackageManifest {
    /// One target: its kind (`target`, `executableTarget`, `systemLibrary`, `testTarget`), name
    /// and dependencies (targets by name, products by product name).
    struct Target: Hashable {
        let kind: String
        let name: String
        let dependencies: [String]
    }

    let targets: [Target]

    /// Reads the manifest at `url`.
    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        targets = Self.declarations(in: text).compactMap(Self.target)
    }

    /// Every `.kind(…)` declaration of a target, with its parenthesised arguments.
    private static func declarations(in text: String) -> [(kind: String, arguments: Substring)] {
        let kinds = ["target", "executableTarget", "systemLibrary", "testTarget"]
        var found: [(String, Substring)] = []
        var index = text.startIndex
        while let dot = text[index...].firstIndex(of: ".") {
            index = text.index(after: dot)
            guard let kind = kinds.first(where: { text[index...].hasPrefix($0 + "(") }) else { continue }
            let open = text.index(index, offsetBy: kind.count)
            guard let close = matchingParenthesis(in: text, from: open) else { break }
            found.append((kind, text[text.index(after: open)..<close]))
            index = close
        }
        return found
    }

    private static func matchingParenthesis(in text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func target(_ declaration: (kind: String, arguments: Substring)) -> Target? {
        guard let name = firstQuoted(after: "name:", in: declaration.arguments) else { return nil }
        var dependencies: [String] = []
        if let start = declaration.arguments.range(of: "dependencies: [") {
            let list = declaration.arguments[start.upperBound...].prefix { $0 != "]" }
            // A `.product(name: "X", package: …)` counts as X; plain entries are quoted names.
            let withoutPackages = list.replacingOccurrences(of: #"package: "[^"]*""#, with: "", options: .regularExpression)
            dependencies = quoted(in: Substring(withoutPackages))
        }
        return Target(kind: declaration.kind, name: name, dependencies: dependencies)
    }

    private static func firstQuoted(after label: String, in text: Substring) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return quoted(in: text[range.upperBound...]).first
    }

    private static func quoted(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
