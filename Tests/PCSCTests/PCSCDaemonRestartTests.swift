import PCSC
import Testing
import TestSupport
import VirtualCard

/// pcscd stopping and starting again under a running card and event monitor: both reconnect.
/// Runs only when the tests may restart pcscd (PCSCDaemon.isRestartableByTests); a pcscd systemd manages is left alone.
@Suite(.serialized, .timeLimit(.minutes(15))) struct PCSCDaemonRestartTests {
    @Test(.enabled(if: PCSCDaemon.isRestartableByTests, "pcscd is managed outside the tests"))
    func cardAndEventsSurviveAPCSCDRestart() async throws {
        try await LiveStack.run {
            // The monitor reports the readers first, so the card is attached only once it watches
            // (under load its thread may start after a card that would then count as already there).
            let events = EventRecorder(ReaderEvents(reportsCurrentState: true))
            try await events.waitFor(.readerAdded(reader: PCSCDaemon.vpcdReaders[35963] ?? ""))
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            try await events.waitFor(.cardInserted(reader: attached.reader, atr: VirtualCard.defaultATR))
            try PCSCDaemon.restart()
            try await events.waitFor(.readerRemoved(reader: attached.reader))
            try await events.waitFor(.readerAdded(reader: attached.reader))
            // The card connects again by itself (backoff), and the monitor sees it.
            try await events.waitFor(.cardInserted(reader: attached.reader, atr: VirtualCard.defaultATR))
            let card = try PCSCContext().connect(to: attached.reader)
            #expect(try card.transmit([0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID + [0x00]).suffix(2) == [0x90, 0x00])
            try attached.detach()
            await events.stop()
        }
    }
}
