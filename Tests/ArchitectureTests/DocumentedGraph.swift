import Foundation

/// The module table of docs/architecture.md: one row per target, `| `Name` | kind | `A`, `B` |`,
/// `–` for no dependencies.
struct DocumentedGraph {
    let dependencies: [String: Set<String>]

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var dependencies: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let listed = cells[2] == "–" ? [] : cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
            }
            dependencies[name] = Set(listed)
        }
        self.dependencies = dependencies
    }

    /// The table for `graph`, to paste into docs/architecture.md when the package changes.
    static func table(for graph: [String: Set<String>], kinds: [String: String]) -> String {
        let rows = graph.keys.sorted().map { name in
            let dependencies = graph[name]!.sorted().map { "`\($0)`" }.joined(separator: ", ")
            return "| `\(name)` | \(kinds[name] ?? "") | \(dependencies.isEmpty ? "–" : dependencies) |"
        }
        return (["| module | kind | depends on |", "|---|---|---|"] + rows).joined(separator: "\n")
    }
}
