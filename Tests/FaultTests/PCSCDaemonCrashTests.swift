import APDU
import Foundation
import Testing
import TestSupport
import VirtualCard

/// pcscd dies (SIGKILL, as a crash would) under a running `pbtool card watch`: the watcher
/// reports the readers gone, keeps running while pcscd is down, and reports the readers and the
/// card again once pcscd is back. Runs only where the tests may restart pcscd.
@Suite(.serialized, .timeLimit(.minutes(15))) struct PCSCDaemonCrashTests {
    private static let card = "Virtual PCD 00 00", otherReader = "Virtual PCD 00 01"

    @Test(.enabled(if: PCSCDaemon.isRestartableByTests, "pcscd is managed by systemd; the tests leave it alone"))
    func cardWatchReportsAcrossAPCSCDCrash() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            // 3 events now, 3 when pcscd dies, 3 when it is back.
            let watch = try StreamingPBTool(["card", "watch", "--json", "--initial-state", "--count", "9", "--timeout", "300"])
            try watch.waitForLine() { $0.contains("PB_CARD_INSERTED") }

            do {
                defer { _ = try? PCSCDaemon.ensureRunning() }
                try PCSCDaemon.stop(signal: SIGKILL)
                try watch.waitForLine(occurrence: 2) { $0.contains("PB_READER_REMOVED") }
                // pcscd stays down for a while: the watcher waits for it rather than giving up.
                try await Task.sleep(for: .seconds(2))
                #expect(watch.isRunning, "card watch ended while pcscd was down: \(watch.lines)")
            }
            let ending = try watch.waitForExit()
            #expect(ending.status == 0, "\(ending.standardError)")
            let events = ending.standardOutput.split(separator: "\n").compactMap(Self.event)
            #expect(events.map(\.0) == [
                "PB_READER_ADDED", "PB_READER_ADDED", "PB_CARD_INSERTED",
                "PB_CARD_REMOVED", "PB_READER_REMOVED", "PB_READER_REMOVED",
                "PB_READER_ADDED", "PB_READER_ADDED", "PB_CARD_INSERTED",
            ])
            #expect(events.filter { $0.0 == "PB_CARD_INSERTED" }.map(\.1) == [Self.card, Self.card])
            #expect(Set(events.map(\.1)) == [Self.card, Self.otherReader])
            // The card answers through the new pcscd.
            let answer = try PBToolProcess.run(["apdu", "send", "--reader", Self.card,
                                                "00A4040008" + DemoApplet.demoAID.hexString(separator: "")])
            #expect(answer.status == 0, "\(answer.standardError)")
        }
    }

    /// (event, reader) from one `card watch --json` line.
    private static func event(_ line: Substring) -> (String, String)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let event = object["event"] as? String, let reader = object["reader"] as? String else { return nil }
        return (event, reader)
    }
}
