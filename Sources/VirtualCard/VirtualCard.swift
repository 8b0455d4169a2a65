import APDU
import Foundation

/// A smart card in software: an ATR, applets chosen by SELECT, T=0-style GET RESPONSE, and
/// applet state that can persist in a file.
///
/// Thread-safe: vpcd's thread and in-process channels may call it concurrently; one lock
/// serialises them, as a real card serialises its APDUs.
public final class VirtualCard: @unchecked Sendable {
    /// pbtool's own ATR: T=0 and T=1 offered; historical bytes (category `80`) announce selection
    /// by full and partial DF name, command chaining and extended Lc/Le (tag `7`), and "pbtool"
    /// as card issuer's data (tag `5`); TCK `83`.
    public static let defaultATR: [UInt8] = [
        0x3B, 0x8C, 0x80, 0x01, 0x80, 0x73, 0xC0, 0x21, 0xC0, 0x56, 0x70, 0x62, 0x74, 0x6F, 0x6F, 0x6C, 0x83,
    ]

    /// The answer to reset sent to vpcd (1 to 33 bytes).
    public let atr: [UInt8]
    /// Called when saving applet state fails (the card keeps working on the state in memory).
    public var onStateError: (@Sendable (VirtualCardError) -> Void)?

    private let lock = NSLock()
    private let applets: [any Applet]
    private let stateStore: AppletStateStore?
    private var selected: (any Applet)?
    private var isPowered = false
    private var pending = PendingResponse()

    /// A card holding `applets`, answering with `atr`, keeping applet state in `stateFile` when
    /// given (loaded now, saved after every command that changed it).
    ///
    /// Throws `VirtualCardError` for an ATR outside 1…33 bytes, two applets with one AID, or a
    /// state file that cannot be read or that an applet refuses.
    public init(atr: [UInt8] = defaultATR, applets: [any Applet], stateFile: URL? = nil) throws {
        guard (1...33).contains(atr.count) else { throw VirtualCardError.invalidATR(count: atr.count) }
        var seen = Set<[UInt8]>()
        for applet in applets where !seen.insert(applet.aid).inserted {
            throw VirtualCardError.duplicateAID(applet.aid.hexString(separator: ""))
        }
        self.atr = atr
        self.applets = applets
        if let stateFile {
            let store = AppletStateStore(file: stateFile)
            try store.load(into: applets)
            stateStore = store
        } else {
            stateStore = nil
        }
    }

    /// Whether vpcd powered the card on (and did not power it off since).
    public var isPoweredOn: Bool { lock.withLock { isPowered } }

    /// Answers one vpcd message: the ATR for get-ATR, the response for an APDU, nil for the rest.
    public func answer(_ message: VPCDMessage) -> [UInt8]? {
        switch message {
        case .getATR: return atr
        case .powerOn: powerOn()
        case .powerOff: powerOff()
        case .reset: reset()
        case .unknownControl: break
        case .command(let bytes): return respond(to: bytes)
        }
        return nil
    }

    /// Powers the card on: a cold start with nothing selected.
    public func powerOn() {
        lock.withLock {
            endSession()
            isPowered = true
        }
    }

    /// Powers the card off: every applet loses its session state.
    public func powerOff() {
        lock.withLock {
            endSession()
            isPowered = false
        }
    }

    /// Warm reset: like power off and on.
    public func reset() {
        lock.withLock {
            endSession()
            isPowered = true
        }
    }

    /// Processes one command APDU and returns data + SW1 SW2.
    ///
    /// A command that is not a valid APDU gets `6700`; GET RESPONSE (`INS C0`) hands out data
    /// left over from the previous answer (`6985` when there is none); SELECT by AID (`A4 04`) switches applets (`6A82`
    /// when no applet has the AID); anything else goes to the selected applet (`6D00` when none).
    public func respond(to bytes: [UInt8]) -> [UInt8] {
        lock.withLock {
            isPowered = true
            guard let command = try? CommandAPDU(bytes: bytes) else {
                pending.clear()
                return ResponseAPDU(statusWord: .wrongLength).bytes
            }
            if command.ins == 0xC0 {
                // GET RESPONSE belongs to the transport, not to an applet (7816-4 §7.6.1).
                return pending.hasData ? pending.next(command).bytes
                    : ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied).bytes
            }
            let (applet, response) = dispatch(command)
            if let applet { saveState(of: applet) }
            return pending.start(response, ne: command.ne).bytes
        }
    }

    private func dispatch(_ command: CommandAPDU) -> ((any Applet)?, ResponseAPDU) {
        if command.ins == 0xA4, command.p1 == 0x04, !command.data.isEmpty {
            return select(command)
        }
        guard let applet = selected else { return (nil, ResponseAPDU(statusWord: .instructionNotSupported)) }
        return (applet, applet.process(command))
    }

    /// SELECT by DF name: the exact AID first, else the first AID it is a prefix of
    /// (selection by partial DF name, ISO 7816-4 §11.1.1). P2 `0C` asks for no FCI.
    private func select(_ command: CommandAPDU) -> ((any Applet)?, ResponseAPDU) {
        let name = command.data
        guard let applet = applets.first(where: { $0.aid == name })
                ?? applets.first(where: { $0.aid.starts(with: name) }) else {
            return (nil, ResponseAPDU(statusWord: .fileNotFound))
        }
        if let current = selected, current !== applet { current.deselect() }
        selected = applet
        let answer = applet.select(command)
        let wantsNoData = command.p2 & 0x0C == 0x0C
        return (applet, wantsNoData ? ResponseAPDU(statusWord: answer.statusWord) : answer)
    }

    private func endSession() {
        selected?.deselect()
        selected = nil
        pending.clear()
        applets.forEach { $0.reset() }
    }

    private func saveState(of applet: any Applet) {
        guard let stateStore else { return }
        do {
            try stateStore.save(applet)
        } catch {
            onStateError?(error)
        }
    }
}
