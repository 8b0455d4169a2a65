import Foundation
import Testing
import TestSupport

/// What `card emulate` refuses before the card attaches (issue 24): a vpcd port another emulator
/// serves, and a state file it could not save to — through the built `pbtool`, pcscd and vpcd.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardEmulatorExclusionTests {
    private typealias Bench = CardEdgeCommandBench
    private let increment = ["apdu", "send", "--reader", "Virtual PCD 00 00", "00A4040008F07062746F6F6C01", "8030000004"]

    /// Item 3: a second `card emulate` on a port the first serves exits 2 at once, naming the
    /// first (it used to report itself attached and wait in vpcd's queue); the first keeps serving.
    @Test func aSecondEmulatorOnTheSamePortIsRefusedAndTheFirstKeepsServing() async throws {
        try await LiveStack.run {
            let first = try EmulatorProcess(port: 35963)
            let second = try Bench.pbtool(["card", "emulate", "--port", "35963"])
            #expect(second.status == 2, "\(second.standardError)")
            #expect(second.standardError == "pbtool: vpcd port 35963 is in use by another card emulator "
                    + "(pid \(first.processIdentifier)); stop it first, or give another --port\n")
            #expect(second.standardOutput.isEmpty, "the second emulator started: \(second.standardOutput)")
            #expect(try Bench.pbtool(increment).standardOutput.contains("= 00 00 00 01"))
            #expect(try first.stop().status == 0)
            // The kernel frees the port with its holder: the next emulator takes it.
            let third = try EmulatorProcess(port: 35963)
            #expect(try Bench.pbtool(increment).standardOutput.contains("= 00 00 00 01"))
            #expect(try third.stop().status == 0)
        }
    }

    /// Also-list: an immutable state file, or a folder that takes no new file, stops
    /// `card emulate` with exit 2 naming the file, before the card attaches (it used to answer
    /// `9000` and lose every change, with a line on stderr per command); the file is unchanged.
    @Test(.enabled(if: getuid() == 0, "chattr +i needs root"))
    func aStateFileThatCannotBeSavedStopsTheEmulatorAtTheStart() async throws {
        try await LiveStack.run {
            let folder = try ScratchDirectory("state-readonly")
            defer { folder.remove() }
            let state = folder.path("card.json")
            let first = try EmulatorProcess(port: 35963, arguments: ["--state", state])
            #expect(try Bench.pbtool(increment).standardOutput.contains("= 00 00 00 01"))
            #expect(try first.stop().status == 0)
            let saved = try Data(contentsOf: URL(fileURLWithPath: state))
            for immutable in [state, folder.url.path] {
                #expect(try ChildProcess.run("/usr/bin/chattr", ["+i", immutable]).status == 0)
                defer { _ = try? ChildProcess.run("/usr/bin/chattr", ["-i", immutable]) }
                let refused = try Bench.pbtool(["card", "emulate", "--state", state])
                #expect(refused.status == 2, "\(immutable): \(refused.standardError)")
                #expect(refused.standardError.hasPrefix("pbtool: cannot save the card state to \(state): "), "\(refused.standardError)")
                #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
                #expect(refused.standardOutput.isEmpty, "the card started: \(refused.standardOutput)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)
            }
        }
    }
}
