import APDU

/// Converts pcsc-tools `scriptor` files, following scriptor's own line rules in its order:
/// a line containing `exit` ends the script; blank lines and lines starting with `#` are
/// skipped; a line containing `reset` resets (warm, `SCARD_RESET_CARD`); hex without spaces is
/// split into pairs; a trailing `\` continues the APDU on the next line.
///
/// scriptor checks nothing, so neither does the converted script.
public enum ScriptorImporter {
    /// The converted script.
    /// - Throws: `ScriptSyntaxError` for a line scriptor would send that is not hex bytes, or
    ///   whose bytes are not a well-formed command APDU (ISO 7816-4 §5.1 length rules).
    public static func convert(_ text: String, file: String) throws -> ImportedScript {
        let source = SourceText(path: file, text: text)
        var conversion = Conversion(source: source)
        conversion.output = ["# Imported from \(file) (scriptor) by pbtool apdu import.",
                             "# scriptor checks nothing: add expectations such as =9000 after the commands."]
        for number in 1...source.lineStarts.count {
            guard try conversion.take(line: number) else { break }
        }
        if !conversion.pending.isEmpty {
            conversion.notes.append(.init(line: conversion.pendingLine,
                                          message: "the file ends inside a '\\' continuation; scriptor never sends this APDU"))
        }
        return ImportedScript(text: conversion.output.joined(separator: "\n") + "\n", notes: conversion.notes)
    }

    /// The converted lines so far, the notes, and an APDU continued over several lines.
    private struct Conversion {
        let source: SourceText
        var output: [String] = []
        var notes: [ImportedScript.Note] = []
        var pending: [String] = []
        var pendingLine = 0

        /// Converts line `number`; false when scriptor would stop reading there.
        mutating func take(line number: Int) throws -> Bool {
            let line = source.lineText(number)
            let lower = line.lowercased()
            let trimmed = line.trimmingSpaces
            if lower.contains("exit") {
                if !trimmed.lowercased().hasPrefix("exit") {
                    notes.append(.init(line: number, message: "scriptor stops at any line containing \"exit\"; the rest was not converted"))
                }
                output.append("# (scriptor stopped here, line \(number): \(trimmed))")
                return false
            }
            if trimmed.isEmpty || line.hasPrefix("#") {
                output.append(trimmed.isEmpty ? "" : line)
            } else if lower.contains("reset") {
                if trimmed.lowercased() != "reset" {
                    notes.append(.init(line: number, message: "scriptor resets on any line containing \"reset\"; converted to a plain reset"))
                }
                output.append("reset")
            } else if trimmed.hasPrefix("#") {
                notes.append(.init(line: number, message: "an indented '#' line is sent as an APDU by scriptor; kept as a comment"))
                output.append(trimmed)
            } else {
                try takeCommand(line, number: number)
            }
            return true
        }

        private mutating func takeCommand(_ line: String, number: Int) throws {
            if pending.isEmpty { pendingLine = number }
            let (tokens, continues) = try ScriptorImporter.hexTokens(of: line, number: number, in: source)
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count > 1, words.contains(where: { $0.count > 2 && $0 != "\\" }) {
                notes.append(.init(line: number, message: "scriptor splits packed hex only on lines without spaces; "
                                   + "it would send one byte for each longer group here; converted as pairs"))
            }
            pending += tokens
            guard !continues else { return }
            // scriptor sends any bytes; a pbtool script line must be a command APDU, so refuse
            // here rather than write a script that does not parse.
            do {
                _ = try CommandAPDU(bytes: pending.compactMap { UInt8($0, radix: 16) })
            } catch {
                throw ScriptSyntaxError("scriptor would send this APDU, but it is not a well-formed command: \(error)",
                                        at: source.lineStarts[pendingLine - 1], in: source)
            }
            output.append(pending.joined(separator: " "))
            pending = []
        }
    }

    /// The byte tokens of one APDU line (packed hex split into pairs), and whether it ends in `\`.
    fileprivate static func hexTokens(of line: String, number: Int, in source: SourceText) throws -> ([String], Bool) {
        var body = Substring(line)
        while body.last == " " || body.last == "\t" || body.last == "\r" { body.removeLast() }
        let continues = body.hasSuffix("\\")
        if continues { body.removeLast() }
        let lineStart = source.lineStarts[number - 1]
        var tokens: [String] = []
        var offset = 0
        for word in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0 == "\t" }) {
            defer { offset += word.utf8.count + 1 }
            guard !word.isEmpty else { continue }
            if let bad = word.utf8.firstIndex(where: { Parser.hexValue($0) == nil }) {
                let column = word.utf8.distance(from: word.utf8.startIndex, to: bad)
                throw ScriptSyntaxError("scriptor would send this line, but '\(word)' is not hex", at: lineStart + offset + column, in: source)
            }
            guard word.utf8.count.isMultiple(of: 2) else {
                throw ScriptSyntaxError("'\(word)' has an odd number of hex digits", at: lineStart + offset, in: source)
            }
            var index = word.startIndex
            while index < word.endIndex {
                let next = word.index(index, offsetBy: 2)
                tokens.append(word[index..<next].uppercased())
                index = next
            }
        }
        return (tokens, continues)
    }
}
