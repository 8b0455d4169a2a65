import Foundation

/// The argument entries of a help text, section by section: `pbtool X --help` or the same
/// command's man page as `man` renders it. Each entry is its head ("--finger finger", "-h, --help")
/// and its description, whitespace collapsed, so the two renderings can be compared.
struct HelpListing: Equatable, CustomStringConvertible {
    struct Entry: Equatable, CustomStringConvertible {
        var head: String
        var text: String
        var description: String { "\(head): \(text)" }
    }

    /// Where ArgumentParser starts the text of an entry.
    static let helpColumn = 26

    /// Section title ("OPTIONS", "ARGUMENTS", …) to entries in order.
    var sections: [String: [Entry]] = [:]

    var description: String {
        sections.keys.sorted().map { "\($0):\n" + sections[$0]!.map { "  \($0)" }.joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// `--help` output: "TITLE:" lines open sections, entries are indented 2, their text starts
    /// in column 26 (ArgumentParser's layout), on the entry's line or the next. Value names lose their `<>`.
    init(help: String) {
        var section = ""
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasSuffix(":"), line.first?.isLetter == true, line == line.uppercased() {
                section = String(line.dropLast())
            } else if line.hasPrefix("  See 'pbtool help") {
                continue
            } else if line.hasPrefix("  "), !line.hasPrefix("   "), !section.isEmpty {
                let splitsAtColumn = line.count > Self.helpColumn && Array(line)[Self.helpColumn - 1] == " "
                let head = splitsAtColumn ? String(line.prefix(Self.helpColumn)) : line
                let text = splitsAtColumn ? String(line.dropFirst(Self.helpColumn)) : ""
                let name = head.replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
                add(Entry(head: name, text: text), to: section)
            } else if line.hasPrefix("   "), !section.isEmpty {
                continueEntry(line, in: section)
            }
        }
        normalise()
    }

    /// `man` output: titles at column 0, tags indented 7, their text indented 14 (or after the
    /// tag on its line when the tag is short). Only the sections `heads` names are read.
    init(manual: String, heads: [String: [String]]) {
        var section = ""
        for raw in manual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let line = raw.replacingOccurrences(of: "\u{2010}", with: "-")
            if let first = line.first, first.isUppercase {
                section = heads[line] == nil ? "" : line
            } else if section.isEmpty {
                continue
            } else if line.hasPrefix(String(repeating: " ", count: 7)), !line.hasPrefix(String(repeating: " ", count: 8)) {
                let body = String(line.dropFirst(7))
                let head = (heads[section] ?? []).first { body == $0 || body.hasPrefix($0 + " ") } ?? body
                add(Entry(head: head, text: String(body.dropFirst(head.count))), to: section)
            } else if line.hasPrefix(String(repeating: " ", count: 8)), sections[section] != nil {
                continueEntry(line, in: section)
            }
        }
        normalise()
    }

    /// Every head, by section: what the man page parser needs to split a short tag from its text.
    var heads: [String: [String]] { sections.mapValues { $0.map(\.head) } }

    private mutating func add(_ entry: Entry, to section: String) {
        sections[section, default: []].append(entry)
    }

    private mutating func continueEntry(_ line: String, in section: String) {
        guard var entries = sections[section], !entries.isEmpty else { return }
        entries[entries.count - 1].text += " " + line
        sections[section] = entries
    }

    /// Collapses white space (man justifies lines) and drops ArgumentParser's and pbmanual's
    /// "(values: …)" and "(default: …)" notes, which the two write differently.
    private mutating func normalise() {
        for (name, entries) in sections {
            sections[name] = entries.map { entry in
                var text = entry.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if let note = text.range(of: " (values: ") ?? text.range(of: " (default: ") { text = String(text[..<note.lowerBound]) }
                if text.hasPrefix("(values: ") || text.hasPrefix("(default: ") { text = "" }
                return Entry(head: entry.head.trimmingCharacters(in: .whitespaces), text: text)
            }
        }
    }
}
