import APDU
import Foundation
import VirtualCard

/// A minimal replayer for the `apdu-scripts/` conformance scripts, for this test target only,
/// until `pbtool apdu run` (issue 8) is part of this branch. It understands the subset the
/// bio-*.apdu scripts use: `test "name" { … }`, `include "file"`, `reset`, command lines of hex
/// and `$variables`, and the checks `=SW|SW` (with `x` nibbles), `data` (hex, `..`, `*`,
/// `$variables`), `len N` and `-> $name`.
final class ScriptLineRunner {
    /// A failed check or a line the runner cannot read, with where it is.
    struct Failure: CustomStringConvertible {
        let location: String
        let test: String
        let message: String
        var description: String { "\(location) [\(test)]: \(message)" }
    }

    private let resetCard: () throws -> Void
    private let transport: CardTransport
    private var variables: [String: [UInt8]] = [:]
    private var tests: [String] = []
    private(set) var failures: [Failure] = []
    private(set) var commandsSent = 0

    /// A runner over the in-process channel of `card`.
    convenience init(card: VirtualCard) {
        self.init(channel: VirtualCardChannel(card: card)) { card.reset() }
    }

    /// A runner over any channel; `reset` is what the script's `reset` statement does.
    init(channel: any CardChannel, reset: @escaping () throws -> Void) {
        resetCard = reset
        transport = CardTransport(channel: channel, redaction: .nothing, recordsTrace: false)
    }

    /// Runs the script at `url`, recording failures instead of stopping.
    func run(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let location = "\(url.lastPathComponent):\(index + 1)"
            let line = Self.stripComment(raw).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            try runLine(line, location: location, directory: url.deletingLastPathComponent())
        }
    }

    private func runLine(_ line: String, location: String, directory: URL) throws {
        if line.hasPrefix("test ") {
            tests.append(line.components(separatedBy: "\"").dropFirst().first ?? line)
        } else if line == "}" {
            _ = tests.popLast()
        } else if line.hasPrefix("include ") {
            let name = line.components(separatedBy: "\"").dropFirst().first ?? ""
            try run(directory.appendingPathComponent(name))
        } else if line == "reset" || line.hasPrefix("reset ") {
            try resetCard()
        } else {
            runCommand(line.split(separator: " ").map(String.init), location: location)
        }
    }

    private func runCommand(_ tokens: [String], location: String) {
        let checksStart = tokens.firstIndex { ["=", "!"].contains($0.first) || ["data", "len", "->"].contains($0) } ?? tokens.count
        guard let command = bytes(tokens[..<checksStart]), let apdu = try? CommandAPDU(bytes: command) else {
            return fail(location, "not a command APDU: \(tokens[..<checksStart].joined(separator: " "))")
        }
        let response: ResponseAPDU
        do {
            response = try transport.send(apdu)
            commandsSent += 1
        } catch {
            return fail(location, "transport: \(error)")
        }
        check(Array(tokens[checksStart...]), against: response, location: location)
    }

    private func check(_ tokens: [String], against response: ResponseAPDU, location: String) {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token.first == "=" || token.first == "!" {
                let accepted = token.dropFirst().split(separator: "|").contains { Self.status(String($0), matches: response.statusWord) }
                if accepted == (token.first == "!") { fail(location, "status \(response.statusWord.hex), expected \(token)") }
            } else if token == "len", index < tokens.count {
                if Int(tokens[index]) != response.data.count { fail(location, "\(response.data.count) data bytes, expected \(tokens[index])") }
                index += 1
            } else if token == "->", index < tokens.count {
                variables[String(tokens[index].dropFirst())] = response.data
                index += 1
            } else if token == "data" {
                let end = tokens[index...].firstIndex { $0.first == "=" || $0.first == "!" || ["len", "->"].contains($0) } ?? tokens.count
                if !matches(Array(tokens[index..<end]), response.data) {
                    fail(location, "data \(response.data.hexString()), expected \(tokens[index..<end].joined(separator: " "))")
                }
                index = end
            } else {
                fail(location, "unknown check \(token)")
            }
        }
    }

    private func matches(_ pattern: [String], _ data: [UInt8]) -> Bool {
        var offset = 0
        for token in pattern {
            if token == "*" { return true }
            if token == ".." || token == "??" {
                offset += 1
                continue
            }
            guard let expected = bytes([token][...]), offset + expected.count <= data.count,
                  Array(data[offset..<(offset + expected.count)]) == expected else { return false }
            offset += expected.count
        }
        return offset == data.count
    }

    private func bytes(_ tokens: ArraySlice<String>) -> [UInt8]? {
        var result: [UInt8] = []
        for token in tokens {
            if token.hasPrefix("$") {
                guard let value = variables[String(token.dropFirst())] else { return nil }
                result += value
            } else {
                guard let value = try? [UInt8](hex: token) else { return nil }
                result += value
            }
        }
        return result
    }

    private static func status(_ pattern: String, matches word: StatusWord) -> Bool {
        let hex = word.hex
        guard pattern.count == 4 else { return false }
        return zip(pattern.uppercased(), hex).allSatisfy { $0 == "X" || $0 == $1 }
    }

    private static func stripComment(_ line: String) -> String {
        guard let hash = line.firstIndex(of: "#") else { return line }
        return String(line[..<hash])
    }

    private func fail(_ location: String, _ message: String) {
        failures.append(Failure(location: location, test: tests.last ?? "(top level)", message: message))
    }
}
