import Foundation
import Testing
import TestSupport
import VirtualCard

/// `pbtool card watch` sees a card come and go, and runs --exec with the event's environment.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardWatchTests {
    @Test func reportsInsertionAndRemovalAndRunsTheCommand() async throws {
        try await LiveStack.run {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-watch-\(UUID()).log")
            defer { try? FileManager.default.removeItem(at: log) }
            let exec = "case $PBTOOL_EVENT in PB_CARD_*) echo \"$PBTOOL_EVENT|$PBTOOL_READER|$PBTOOL_ATR\" >> '\(log.path)';; esac"
            // --initial-state reports vpcd's two readers first: once they are out, the watcher is
            // watching, so the card cannot come and go before it looks (a fixed sleep raced a slow start).
            let watch = try StreamingPBTool(["card", "watch", "--json", "--initial-state", "--count", "4", "--timeout", "300",
                                             "--exec", exec])
            try watch.waitForLine(occurrence: 2) { $0.contains("PB_READER_ADDED") }
            let attached = try AttachedVirtualCard.attach()
            try watch.waitForLine() { $0.contains("PB_CARD_INSERTED") }
            try attached.detach()
            let outcome = try watch.waitForExit()
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let events = outcome.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let cardEvents = events.filter { ($0["event"] as? String)?.hasPrefix("PB_CARD_") == true }
            #expect(cardEvents.map { $0["event"] as? String } == ["PB_CARD_INSERTED", "PB_CARD_REMOVED"])
            #expect(cardEvents.first?["atr"] as? String == VirtualCard.defaultATR.hexString(separator: ""))
            let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            #expect(lines == ["PB_CARD_INSERTED|Virtual PCD 00 00|\(VirtualCard.defaultATR.hexString(separator: ""))",
                              "PB_CARD_REMOVED|Virtual PCD 00 00|"])
        }
    }
}
