import Foundation
import Testing
import TestSupport
import VirtualCard
import APDU

/// Many APDUs and many clients through the real pcscd + vpcd + `pbtool card emulate`: no leak
/// in any of the three processes, no client refused.
@Suite(.serialized, .timeLimit(.minutes(15))) struct PCSCLoadTests {
    private static let reader = "Virtual PCD 00 00"

    /// 10 000 echo APDUs after 1 000 to warm up: resident memory of pcscd, the emulator and the
    /// client stays within 10 % of its warmed-up size, and every answer is right.
    @Test func tenThousandAPDUsLeaveMemoryFlat() async throws {
        try await LiveStack.run {
            let emulator = try EmulatorProcess()
            defer { _ = try? emulator.stop() }
            let pcscd = try #require(PCSCDaemon.runningPID)
            let client = try LoadClientProcess(reader: Self.reader, warmup: 1_000, count: 10_000)
            let warm = try client.nextLine()
            try #require(warm.count == 2 && warm[0] == "warm", "client said \(warm)")
            let before = (pcscd: ResidentMemory.kibibytes(of: pcscd), emulator: ResidentMemory.kibibytes(of: emulator.processIdentifier))
            client.proceed()
            let done = try client.nextLine()
            try #require(done.count == 5 && done[0] == "done", "client said \(done)")
            let after = (pcscd: ResidentMemory.kibibytes(of: pcscd), emulator: ResidentMemory.kibibytes(of: emulator.processIdentifier))
            client.proceed()
            #expect(try client.waitUntilExit() == 0)
            #expect(warm[1] == "0" && done[3] == "0", "wrong answers: \(warm[1]) while warming up, \(done[3]) after")
            let report = "RSS KiB before → after 10 000 APDUs (\(done[4]) s): pcscd \(before.pcscd ?? -1) → \(after.pcscd ?? -1), "
                + "emulator \(before.emulator ?? -1) → \(after.emulator ?? -1), client \(done[1]) → \(done[2])"
            print(report)
            for (name, start, end) in [("pcscd", before.pcscd, after.pcscd), ("emulator", before.emulator, after.emulator),
                                       ("client", Int(done[1]), Int(done[2]))] {
                let (start, end) = (try #require(start, "\(name) RSS"), try #require(end, "\(name) RSS"))
                #expect(ResidentMemory.isFlat(before: start, after: end), "\(name) grew: \(report)")
            }
        }
    }

    /// 8 `pbtool card status` processes at once, three times over, against one reader: all
    /// succeed with the same card, and pcscd still answers afterwards.
    @Test func eightConcurrentStatusClientsAllSucceed() async throws {
        try await LiveStack.run {
            let emulator = try EmulatorProcess()
            defer { _ = try? emulator.stop() }
            for round in 1...3 {
                // All eight start before any is waited for.
                let clients = try (0..<8).map { _ in try StreamingPBTool(["card", "status", "--reader", Self.reader, "--json"]) }
                let outcomes = try clients.map { try $0.waitForExit() }
                #expect(outcomes.count == 8)
                var seen: Set<String> = []
                for outcome in outcomes {
                    #expect(outcome.status == 0, "round \(round): \(outcome.standardError)")
                    let report = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
                    let decoded = (report?["atr"] as? [String: Any])?["decoded"] as? [String: Any]
                    seen.insert("\(decoded?["atr"] as? String ?? "no ATR") \(report?["protocol"] as? String ?? "no protocol")")
                }
                // Only the reader's "in use" flag may differ: it depends on who else is connected.
                #expect(seen == ["\(VirtualCard.defaultATR.hexString()) T=1"], "round \(round): \(seen)")
            }
            #expect(PCSCDaemon.isAnswering())
        }
    }
}
