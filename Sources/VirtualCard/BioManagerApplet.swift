import APDU
import BiometricFormats
import SmartCard

/// The BioManager card edge on the virtual card (AID `A0 00 00 00 84 00`, CLA `B0`): the command
/// set of the Precise reference code (docs/card-edges.md) with ISO 19794-2 compact-card minutiae as
/// templates, declared in a BHT bio header and compared on card by `OnCardComparison`.
///
/// | INS | command | condition |
/// |---|---|---|
/// | `40` | GET PROPERTIES (25 bytes) | always |
/// | `48` | LEAVE VIRGIN → 8-byte start key | virgin |
/// | `46` | VERIFY KEY (P1 `01` admin, `02` start) | key set; `63CX` wrong, `6983` blocked |
/// | `44` | CHANGE KEY (P1 `01`, data 8–16 bytes) | start key (initialization) or admin key |
/// | `42` | STATE CONTROL (P1 new state) | see `LifeCycle` |
/// | `30` | ENROLL: `00` header, `01` reference parts, `02` FINAL | management key, not virgin |
/// | `32` | VERIFY: `00`/`01` probe parts, `02` FINAL → `9000`/`63CX`/`6983` | operational, enrolled |
/// | `34` | GET BIO HEADER | enrolled |
/// | `36` `38` | DELETE, UNBLOCK | management key |
/// | `3A` | RESET STATUS | always |
///
/// Each container has its own retry counter, decremented and persisted before a failed VERIFY
/// is answered; it blocks at zero and only UNBLOCK (or a new enrolment) restores it. No command
/// returns a reference.
public final class BioManagerApplet: Applet {
    /// `A0 00 00 00 84 00`.
    public static let bioManagerAID: [UInt8] = [0xA0, 0x00, 0x00, 0x00, 0x84, 0x00]
    static let cla: UInt8 = 0xB0

    /// Containers 0–9, one per finger (``Finger/bioManagerContainer``).
    static let containerCount = Finger.allCases.count

    /// The CBEFF subtype of the finger in `container` (0–9).
    static func subtype(container: UInt8) -> UInt8 {
        Finger(bioManagerContainer: container)?.cbeffSubtype ?? 0
    }

    /// Life-cycle states (GET PROPERTIES byte 4, STATE CONTROL P1).
    enum LifeCycle {
        static let virgin: UInt8 = 0x01, initialization: UInt8 = 0x02, administration: UInt8 = 0x04
        static let operational: UInt8 = 0x08, locked: UInt8 = 0x80
        static let all: Set<UInt8> = [virgin, initialization, administration, operational, locked]
    }

    /// The card's limits and counters.
    public struct Parameters: Sendable {
        /// Tries per finger container before it blocks.
        public var fingerTries: UInt8 = 5
        /// Tries before the admin key blocks.
        public var adminKeyTries: UInt8 = 5
        /// Tries before the start key blocks.
        public var startKeyTries: UInt8 = 3
        /// Minutiae a probe may hold (the bio header's `B1/81`).
        public var probeMinutiae: ClosedRange<Int> = 12...60
        /// Minutiae a reference may hold.
        public var referenceMinutiae: ClosedRange<Int> = 16...60
        /// The order the card asks probes to be sorted in (`05`: x-y ascending).
        public var minutiaOrder: UInt8 = 0x05
        /// Key lengths CHANGE KEY accepts.
        public var keyLengths: ClosedRange<Int> = 8...16
        /// The applet's version (GET PROPERTIES bytes 0–1).
        public var version: [UInt8] = [0x01, 0x00]

        /// The defaults above.
        public init() {}
    }

    /// `A0 00 00 00 84 00`.
    public var aid: [UInt8] { Self.bioManagerAID }
    /// The card-wide security state this applet sets; give it to the IDStore applet.
    public let security: CardSecurityState
    let parameters: Parameters
    let comparison: any OnCardComparison
    var stored: BioManagerStoredState
    /// A multi-part ENROLL or VERIFY in progress: its INS, container, and the bytes so far.
    var transfer: (ins: UInt8, container: UInt8, header: [UInt8], data: [UInt8])?

    /// A virgin BioManager comparing with `comparison`, sharing `security` with other applets.
    public init(comparison: any OnCardComparison, security: CardSecurityState = CardSecurityState(),
                parameters: Parameters = Parameters()) {
        self.comparison = comparison
        self.security = security
        self.parameters = parameters
        self.stored = BioManagerStoredState(parameters: parameters)
    }

    /// Answers a BioManager command (CLA `B0`; others `6E00`).
    public func process(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.cla == Self.cla else { return ResponseAPDU(statusWord: .classNotSupported) }
        if command.ins != transfer?.ins { transfer = nil }
        switch BioManager.Instruction(rawValue: command.ins) {
        case .properties: return ResponseAPDU(data: properties, statusWord: .success)
        case .leaveVirgin: return leaveVirgin()
        case .verifyKey: return verifyKey(command)
        case .changeKey: return changeKey(command)
        case .stateControl: return changeState(command)
        case .some(let containerInstruction): return processContainerCommand(command, containerInstruction)
        case nil: return ResponseAPDU(statusWord: .instructionNotSupported)
        }
    }

    private func processContainerCommand(_ command: CommandAPDU, _ instruction: BioManager.Instruction) -> ResponseAPDU {
        guard Int(command.p1) < stored.containers.count else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        switch instruction {
        case .enroll: return enroll(command)
        case .verify: return verify(command)
        case .bioHeader: return bioHeader(container: command.p1)
        case .delete: return delete(container: command.p1)
        case .unblock: return unblock(container: command.p1)
        default: return resetStatus(container: command.p1)
        }
    }

    /// Drops a half-sent ENROLL or VERIFY; the security state stays for the IDStore.
    public func deselect() {
        transfer = nil
    }

    /// Drops the security state (verified fingers and keys) and any half-sent command.
    public func reset() {
        transfer = nil
        security.reset()
    }

    /// Life cycle, keys, counters, headers and references, as JSON.
    public func encodeState() -> [UInt8]? { stored.bytes }

    /// Takes back `encodeState()`'s JSON; refuses counters above their maximum, bad references,
    /// or a start key that does not fit the life cycle.
    public func restoreState(_ bytes: [UInt8]) throws {
        stored = try BioManagerStoredState(bytes: bytes, parameters: parameters)
    }

    /// GET PROPERTIES: versions, life cycle, key counters and flags, container count, per-container
    /// counters, and the verified / blocked / enrolled bitmaps (big-endian, bit i = container i).
    var properties: [UInt8] {
        let flags: UInt8 = (security.isAdminKeyVerified ? 0x01 : 0) | (security.isStartKeyVerified ? 0x02 : 0)
        let head = Array(parameters.version.prefix(2)) + Array((comparison.version + [0, 0]).prefix(2))
            + [stored.lifeCycle, stored.adminKeyRetries, stored.startKeyRetries, flags, UInt8(stored.containers.count)]
        let containers = stored.containers.enumerated()
        let blocked = containers.filter { $0.element.isEnrolled && $0.element.retries == 0 }.map { UInt8($0.offset) }
        let enrolled = containers.filter { $0.element.isEnrolled }.map { UInt8($0.offset) }
        return head + stored.containers.map(\.retries)
            + bitmap(security.verifiedContainers) + bitmap(blocked) + bitmap(enrolled)
    }

    private func bitmap(_ containers: some Sequence<UInt8>) -> [UInt8] {
        let bits = containers.reduce(UInt16(0)) { $0 | 1 << UInt16($1) }
        return [UInt8(bits >> 8), UInt8(bits & 0xFF)]
    }

    /// Whether management commands may run: the start key in initialization, the admin key later.
    var isManagementAuthorized: Bool {
        switch stored.lifeCycle {
        case LifeCycle.initialization: security.isStartKeyVerified || security.isAdminKeyVerified
        case LifeCycle.administration, LifeCycle.operational: security.isAdminKeyVerified
        default: false
        }
    }
}
