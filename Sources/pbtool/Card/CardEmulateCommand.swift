import APDU
import ArgumentParser
import Foundation
import VirtualCard

/// `pbtool card emulate`: the virtual card, attached to pcscd through vpcd.
struct CardEmulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulate",
        abstract: "Run the virtual card in a vpcd reader until Ctrl-C.",
        discussion: """
            Connects to pcscd's vpcd driver (package vsmartcard-vpcd): port 35963 is reader \
            "Virtual PCD 00 00", 35964 is "Virtual PCD 00 01". Every PC/SC application then sees \
            a card there. The card holds pbtool's applets: the demo applet (F07062746F6F6C01) and, \
            with the engine's compact-card matcher, the BioManager (A00000008400), the IDStore \
            (A00000008403) and the ISO match-on-card applet (F05042424D01); see docs/card.md. \
            With --state their state (counters, keys, enrolments, IDStore data) is kept in that \
            file across runs, written atomically after every change, and locked (FILE.lock) \
            while the card runs: a second emulator on the same file is refused, and so is a \
            second one on the same --port. \
            When pcscd is not running yet, or restarts, the card keeps trying to connect.

            Exit codes: 0 after Ctrl-C or SIGTERM; 2 for a bad --atr, an unreadable or damaged \
            state file, or a state file or port another emulator is using.

            Examples:
              pbtool card emulate
              pbtool card emulate --port 35964 --state ~/.local/state/pbtool-card.json
              pbtool card emulate --atr 3B76120000009C11010303
            """
    )

    @Option(parsing: .unconditional, help: "The vpcd port: 35963 (Virtual PCD 00 00) or 35964 (Virtual PCD 00 01).",
            transform: OptionValue.count(1...65_535))
    var port: Int = 35963

    @Option(help: "Keep applet state in this file (created when missing).")
    var state: String?

    @Option(help: "Answer with this ATR (hex) instead of pbtool's own.")
    var atr: String?

    @Flag(help: "Print events as JSON lines.")
    var json = false

    func validate() throws {
        guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1…65535, not \(port)") }
    }

    func run() async throws {
        let applets = AppletCatalog.all()
        let stateFile = state.map { URL(fileURLWithPath: $0) }
        let card: VirtualCard
        let portLock: VPCDPortLock
        let lock: StateFileLock?
        do {
            let atr = try answerToReset()
            // Locked before it is read: a second emulator must never load what the first will change.
            lock = try stateFile.map { url throws(VirtualCardError) in try StateFileLock(stateFile: url) }
            card = try VirtualCard(atr: atr, applets: applets, stateFile: stateFile)
            // Last: a command refused for its arguments or its state never holds the port.
            portLock = try VPCDPortLock(host: VPCDAttachment.Parameters().host, port: UInt16(port))
        } catch let error as VirtualCardError {
            throw CommandFailure(.usage, error.description)
        }
        card.onStateError = { printError("pbtool: \($0)") }
        let attachment = VPCDAttachment(card: card, parameters: .init(port: UInt16(port)))
        let log = EmulationLog(json: json, port: UInt16(port))
        attachment.onEvent = { log.record($0) }
        log.started(card: card, applets: applets, stateFile: state)
        let stopped = AsyncStopSignal()
        let signals = InterruptSignals { _ in stopped.fire() }
        attachment.start()
        await stopped.wait()
        attachment.stop()
        withExtendedLifetime((signals, portLock, lock)) {}
        log.finished()
    }

    private func answerToReset() throws -> [UInt8] {
        guard let atr else { return VirtualCard.defaultATR }
        do {
            let bytes = try [UInt8](hex: atr)
            guard (1...ATR.maximumLength).contains(bytes.count) else {
                throw CommandFailure(.usage, "--atr must hold 1 to 33 bytes, not \(bytes.count)")
            }
            return bytes
        } catch let error as HexParseError {
            throw CommandFailure(.usage, "--atr is not hex: \(error)")
        }
    }
}
