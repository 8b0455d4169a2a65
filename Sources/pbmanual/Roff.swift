import Foundation

/// Text made safe for roff(7) with the man(7) macros.
enum Roff {
    /// Escapes backslashes, and a line start that roff would read as a request ('.' or "'").
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    /// An option or command name: minus signs, never hyphens (man-pages(7): "-" must be "\-" where
    /// a user types it).
    static func literal(_ text: String) -> String {
        escaped(text).replacingOccurrences(of: "-", with: "\\-")
    }

    static func bold(_ text: String) -> String { "\\fB" + literal(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// A discussion as `--help` prints it, as man paragraphs: blank lines part paragraphs, and
    /// lines indented by spaces (examples, lists of codes) stay as they are, in an indented block.
    static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            lines.append(".PP")
            var literal = false
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let indented = line.hasPrefix(" ")
                if indented != literal {
                    lines += indented ? [".RS 4", ".nf"] : [".fi", ".RE"]
                    literal = indented
                }
                lines.append(indented ? escaped(String(line.drop { $0 == " " })) : escaped(line))
            }
            if literal { lines += [".fi", ".RE"] }
        }
        return lines
    }
}
