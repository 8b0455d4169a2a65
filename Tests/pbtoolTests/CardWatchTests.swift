import Foundation
import Testing
import TestSupport
import VirtualCard

/// `pbtool card watch` sees a card come and go, and runs --exec with the event's environment.
@Suite(.serialized, .timeLimit(.minutes(2))) struct CardWatchTests {
    @Test func reportsInsertionAndRemovalAndRunsTheCommand() async throws {
        try await LiveStack.run {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-watch-\(UUID()).log")
            defer { try? FileManager.default.removeItem(at: log) }
            let exec = "echo \"$PBTOOL_EVENT|$PBTOOL_READER|$PBTOOL_ATR\" >> '\(log.path)'"
            let watcher = Task.detached {
                try PBToolProcess.run(["card", "watch", "--json", "--count", "2", "--timeout", "30", "--exec", exec],
                                      timeout: .seconds(60))
            }
            // Give the watcher time to take its first look before the card arrives.
            try await Task.sleep(for: .seconds(2))
            let attached = try AttachedVirtualCard.attach()
            try await Task.sleep(for: .milliseconds(500))
            try attached.detach()
            let outcome = try await watcher.value
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let events = outcome.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(events.map { $0["event"] as? String } == ["PB_CARD_INSERTED", "PB_CARD_REMOVED"])
            #expect(events.first?["atr"] as? String == VirtualCard.defaultATR.hexString(separator: ""))
            let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            #expect(lines == ["PB_CARD_INSERTED|Virtual PCD 00 00|\(VirtualCard.defaultATR.hexString(separator: ""))",
                              "PB_CARD_REMOVED|Virtual PCD 00 00|"])
        }
    }
}
