/// Converts Java Card `apdutool` scripts (also read by jCardSim's `APDUScriptTool`):
/// statements end with `;`, bytes are `0x..` or decimal, `//` and `/* */` are comments.
///
/// A command is `CLA INS P1 P2 LC [data…] LE;` with LC always present. LE `00` is read as
/// "no response data expected" (no Le field), which is how these scripts write commands without
/// output. `powerup;` becomes `reset cold`, `delay N;` becomes `sleep Nms`, `echo "…";` a comment;
/// `powerdown;`, `output on|off;`, `contacted;` and `contactless;` have no equivalent and become
/// comments. With the golden `*.expected.out` file, each command gets the status word and data
/// the card answered then as expectations.
public enum APDUToolImporter {
    /// The converted script.
    /// - Parameter expectedOutput: the text of the matching `.expected.out` file, if there is one.
    /// - Throws: `ScriptSyntaxError` for a byte that is not a number 0…255, a count that does
    ///   not match LC, an unknown directive, or an unterminated statement or comment.
    public static func convert(_ text: String, file: String, expectedOutput: String? = nil) throws -> ImportedScript {
        let source = SourceText(path: file, text: text)
        var tokenizer = APDUToolTokenizer(source: source)
        let statements = try tokenizer.statements()
        let answers = expectedOutput.map(APDUToolExpectedOutput.answers(in:)) ?? []
        var output = ["# Imported from \(file) (apdutool) by pbtool apdu import."]
        output.append(expectedOutput == nil ? "# apdutool checks nothing by itself: add expectations such as =9000."
                      : "# Expectations come from the golden output file (apdutool's .expected.out).")
        var notes: [ImportedScript.Note] = []
        var commandIndex = 0
        for statement in statements {
            output += statement.comments.map { "# " + $0 }
            guard !statement.words.isEmpty else { continue }
            if let directive = try convertDirective(statement, source: source, notes: &notes) {
                output.append(directive)
                continue
            }
            var line = try command(statement, source: source, notes: &notes)
            if commandIndex < answers.count { line += answers[commandIndex].expectations }
            commandIndex += 1
            output.append(line)
        }
        if expectedOutput != nil, answers.count != commandIndex {
            notes.append(.init(line: 1, message: "the golden output has \(answers.count) answers for \(commandIndex) commands; "
                               + "only the first \(min(answers.count, commandIndex)) got expectations"))
        }
        return ImportedScript(text: output.joined(separator: "\n") + "\n", notes: notes)
    }

    private static func convertDirective(_ statement: APDUToolStatement, source: SourceText,
                                         notes: inout [ImportedScript.Note]) throws -> String? {
        let first = statement.words[0]
        guard let name = first.text.first, name.isLetter else { return nil }
        let line = source.location(of: first.offset).line
        switch first.text.lowercased() {
        case "powerup": return "reset cold"
        case "powerdown":
            notes.append(.init(line: line, message: "powerdown has no equivalent; the next powerup becomes a cold reset"))
            return "# powerdown"
        case "delay":
            guard statement.words.count == 2, let milliseconds = Int(statement.words[1].text), milliseconds >= 0 else {
                throw ScriptSyntaxError("expected 'delay <milliseconds>;'", at: first.offset, in: source)
            }
            // Checked here: a longer sleep would not parse in the converted script.
            let limit = ScriptLimits.maximumSleep.components.seconds
            guard milliseconds <= limit * 1000 else {
                throw ScriptSyntaxError("delay \(milliseconds) ms is longer than the \(limit) s a sleep may last",
                                        at: statement.words[1].offset, in: source)
            }
            return "sleep \(milliseconds)ms"
        case "echo":
            return "# " + statement.words.dropFirst().map(\.text).joined(separator: " ")
        case "output", "contacted", "contactless":
            notes.append(.init(line: line, message: "'\(first.text)' only changes apdutool's own output or interface; dropped"))
            return "# " + statement.words.map(\.text).joined(separator: " ")
        default:
            throw ScriptSyntaxError("unknown apdutool directive '\(first.text)'", at: first.offset, in: source)
        }
    }

    /// `CLA INS P1 P2 LC data… LE` as a pbtool command line.
    private static func command(_ statement: APDUToolStatement, source: SourceText,
                                notes: inout [ImportedScript.Note]) throws -> String {
        let bytes = try statement.words.map { word -> UInt8 in
            guard let value = byteValue(word.text) else {
                throw ScriptSyntaxError("'\(word.text)' is not a byte (0x00…0xFF or 0…255)", at: word.offset, in: source)
            }
            return value
        }
        guard bytes.count >= 5 else {
            throw ScriptSyntaxError("a command needs CLA INS P1 P2 LC [data] LE; found \(bytes.count) byte(s)",
                                    at: statement.words[0].offset, in: source)
        }
        let lc = Int(bytes[4])
        let header = Array(bytes[0..<4])
        let data = Array(bytes.dropFirst(5).prefix(lc))
        switch bytes.count - 5 - lc {
        case 1:
            let le = bytes[bytes.count - 1]
            return hex(header + (lc > 0 ? [bytes[4]] + data : []) + (le == 0 ? [] : [le]))
        case 0:
            notes.append(.init(line: source.location(of: statement.words[0].offset).line, message: "no LE byte; sent without Le"))
            return hex(header + (lc > 0 ? [bytes[4]] + data : []))
        default:
            throw ScriptSyntaxError("LC is \(lc), so \(lc) data bytes and LE should follow; found \(bytes.count - 5)",
                                    at: statement.words[4].offset, in: source)
        }
    }

    static func byteValue(_ text: String) -> UInt8? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") { return UInt8(lower.dropFirst(2), radix: 16) }
        return UInt8(lower, radix: 10)
    }

    private static func hex(_ bytes: [UInt8]) -> String { bytes.map(hexPair).joined(separator: " ") }
}

/// One `…;` statement of an apdutool script and the comments before it.
struct APDUToolStatement {
    struct Word {
        let text: String
        let offset: Int
    }

    var comments: [String] = []
    var words: [Word] = []
}
