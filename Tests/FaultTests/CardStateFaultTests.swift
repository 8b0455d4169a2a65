import Foundation
import Testing
import VirtualCard

/// The virtual card's state file on a full disk: the card keeps answering from the state in
/// memory, reports the failed save, and the file on disk stays the last complete one (the
/// atomic write leaves no torn file and no temporary behind).
@Suite struct CardStateFaultTests {
    private let selectDemo: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID
    private let increment: [UInt8] = [0x80, 0x30, 0x00, 0x00, 0x04]

    @Test(.enabled(if: Tmpfs.isPermitted, "mounting a tmpfs needs root with CAP_SYS_ADMIN"))
    func aFullDiskKeepsTheLastCompleteStateFile() throws {
        let disk = try Tmpfs(kibibytes: 64)
        defer { disk.unmount() }
        let file = URL(fileURLWithPath: disk.path("card.json"))
        let card = try VirtualCard(applets: [DemoApplet()], stateFile: file)
        let failures = SaveFailures()
        card.onStateError = { failures.note($0) }
        _ = card.respond(to: selectDemo)
        #expect(card.respond(to: increment) == [0, 0, 0, 1, 0x90, 0x00])
        let saved = try Data(contentsOf: file)

        disk.fill()
        #expect(card.respond(to: increment) == [0, 0, 0, 2, 0x90, 0x00], "the card stops answering on a full disk")
        #expect(failures.count == 1)
        #expect(try Data(contentsOf: file) == saved, "the state file changed although the save failed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.directory).sorted() == ["ballast", "card.json"])

        disk.drain()
        #expect(card.respond(to: increment) == [0, 0, 0, 3, 0x90, 0x00])
        let restarted = try VirtualCard(applets: [DemoApplet()], stateFile: file)
        _ = restarted.respond(to: selectDemo)
        #expect(restarted.respond(to: increment) == [0, 0, 0, 4, 0x90, 0x00])
    }
}

/// Counts the card's state-save failures (called from the card's thread).
private final class SaveFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [VirtualCardError] = []

    func note(_ error: VirtualCardError) { lock.withLock { failures.append(error) } }

    var count: Int { lock.withLock { failures.count } }
}
