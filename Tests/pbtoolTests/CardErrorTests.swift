import Foundation
import Testing
import TestSupport

/// Exit codes and messages for the ways card commands go wrong.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardErrorTests {
    @Test func anUnknownReaderExitsWithNoReader() async throws {
        try await LiveStack.run {
            let outcome = try PBToolProcess.run(["card", "status", "--reader", "No Such Reader"])
            #expect(outcome.status == 5)
            #expect(outcome.standardError.contains("no reader named \"No Such Reader\""))
            #expect(outcome.standardError.contains("Virtual PCD 00 00"))
        }
    }

    @Test func noCardExitsWithNoCard() async throws {
        try await LiveStack.run {
            let status = try PBToolProcess.run(["card", "status"])
            #expect(status.status == 6)
            #expect(status.standardError.contains("no card in any reader"))
            let named = try PBToolProcess.run(["apdu", "send", "--reader", "Virtual PCD 00 01", "00A4040000"])
            #expect(named.status == 6)
            #expect(named.standardError.contains("the reader has no card"))
        }
    }

    @Test(arguments: [
        ["apdu", "send", "zz"],
        ["apdu", "send", "00A4040005AA"],
        ["apdu", "send", "00A4"],
        ["apdu", "send", "00A4040000", "0xGG"],
        ["card", "atr", "3B 7"],
        ["card", "atr", ""],
        ["card", "emulate", "--atr", "not-hex"],
        ["card", "emulate", "--atr", String(repeating: "3B", count: 34)],
    ])
    func malformedInputIsAUsageError(arguments: [String]) throws {
        let outcome = try PBToolProcess.run(arguments)
        #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("pbtool: "))
    }

    @Test func aDamagedStateFileIsAUsageErrorNamingTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-bad-state-\(UUID()).json")
        try Data("{not json".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try PBToolProcess.run(["card", "emulate", "--state", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(file.path))
    }

    @Test func atrDecodesWithoutACard() throws {
        let outcome = try PBToolProcess.run(["card", "atr", "3B76120000009C11010303", "--json"],
                                            environment: ["PBTOOL_SMARTCARD_LIST": "none"])
        #expect(outcome.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let decoded = try #require(report["decoded"] as? [String: Any])
        let warnings = try #require(decoded["warnings"] as? [Any])
        #expect(!warnings.isEmpty)
        #expect(report["knownAs"] is NSNull)
    }

    @Test func watchExitsWithTimeoutWhenNothingHappens() async throws {
        try await LiveStack.run {
            let outcome = try PBToolProcess.run(["card", "watch", "--timeout", "1"])
            #expect(outcome.status == 7)
            #expect(outcome.standardError.contains("no reader or card event within 1 s"))
        }
    }
}
