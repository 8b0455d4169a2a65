import APDU
import BiometricFormats

/// A client for the Precise BioManager card edge (AID `A0 00 00 00 84 00`, CLA `B0`): finger
/// containers, match on card, keys and life cycle, as the public reference code uses them
/// (docs/card-edges.md).
///
/// Template payloads are bytes to this client: pbtool's own cards take a BHT bio header and
/// ISO 19794-2 compact-card minutiae (see `BioManager+CompactCard.swift`). Not thread-safe, like
/// the transport beneath it.
public final class BioManager {
    /// The proprietary class byte of every BioManager command.
    public static let cla: UInt8 = 0xB0

    /// The instruction bytes (INS), as the client sends them and the virtual card answers them.
    public enum Instruction: UInt8, Sendable, CaseIterable {
        case enroll = 0x30, verify = 0x32, bioHeader = 0x34, delete = 0x36, unblock = 0x38, resetStatus = 0x3A
        case properties = 0x40, stateControl = 0x42, changeKey = 0x44, verifyKey = 0x46, leaveVirgin = 0x48
    }

    /// The transport the commands go through.
    public let transport: CardTransport

    /// A client over `transport`; call `select()` before anything else.
    public init(transport: CardTransport) {
        self.transport = transport
    }

    /// Selects the applet. - Throws: `CardEdgeError.edgeNotFound` when the card has none.
    public func select() throws {
        _ = try transport.select(.bioManager)
    }

    /// GET PROPERTIES (`B0 40 00 00 19`).
    public func properties() throws -> BioManagerProperties {
        let answer = try send(.properties, ne: 0x19)
        guard answer.statusWord == .success else { throw CardEdgeError.from(answer.statusWord, operation: "GET PROPERTIES") }
        return try BioManagerProperties(bytes: answer.data)
    }

    /// LEAVE VIRGIN (`B0 48 00 00 08`): the card makes and returns its 8-byte start key and moves
    /// from virgin to initialization.
    public func leaveVirgin() throws -> [UInt8] {
        let answer = try send(.leaveVirgin, ne: 8)
        guard answer.statusWord == .success else { throw CardEdgeError.from(answer.statusWord, operation: "LEAVE VIRGIN") }
        guard answer.data.count == 8 else {
            throw CardEdgeError.malformedResponse(operation: "LEAVE VIRGIN", reason: "a \(answer.data.count)-byte start key")
        }
        return answer.data
    }

    /// VERIFY KEY (`B0 46 P1 00 Lc key`): authenticates the admin or start key for management.
    /// - Throws: `CardEdgeError.wrongKey` with the tries left, `.blocked` at zero.
    public func verifyKey(_ key: [UInt8], _ kind: BioManagerKey) throws {
        let answer = try send(.verifyKey, p1: kind.rawValue, data: key)
        let status = answer.statusWord
        if status == .success { return }
        if status == .verificationFailed || status.retriesLeft != nil {
            throw CardEdgeError.wrongKey(key: kind.name, retriesLeft: status.retriesLeft)
        }
        if status == .authenticationMethodBlocked { throw CardEdgeError.blocked("the \(kind.name)") }
        throw CardEdgeError.from(status, operation: "VERIFY KEY (\(kind.name))")
    }

    /// CHANGE KEY (`B0 44 P1 00 Lc key`): sets a new key. The reference code defines but never
    /// sends this INS; pbtool's cards take the new key as the data, after the start key (in
    /// initialization) or the admin key (later) was verified.
    public func changeKey(_ kind: BioManagerKey, to key: [UInt8]) throws {
        try expectSuccess(send(.changeKey, p1: kind.rawValue, data: key), "CHANGE KEY (\(kind.name))")
    }

    /// STATE CONTROL (`B0 42 P1 00`): moves the life cycle to `state`.
    public func changeState(to state: BioManagerLifeCycle) throws {
        try expectSuccess(send(.stateControl, p1: state.rawValue), "STATE CONTROL to \(state)")
    }

    /// ENROLL (`B0 30`): INIT with the bio header, UPDATE with the reference in 250-byte parts,
    /// then an empty FINAL, which stores both in `finger`'s container.
    public func enroll(_ finger: Finger, header: [UInt8], reference: [UInt8]) throws {
        let parts = [header] + reference.chunked(CardTransport.edgeChunkSize)
        let answer = try transport.sendInPhases(cla: Self.cla, ins: Instruction.enroll.rawValue,
                                                p1: finger.bioManagerContainer, parts: parts)
        if answer.statusWord == .fileNotFound { throw CardEdgeError.invalidData(operation: "ENROLL \(finger.name)") }
        try expectSuccess(answer, "ENROLL \(finger.name)")
    }

    /// GET BIO HEADER (`B0 34 P1 00 Le`): the public header of `finger`'s reference, which the
    /// host needs to build a probe.
    /// - Throws: `CardEdgeError.notEnrolled` when the container is empty.
    public func bioHeader(_ finger: Finger) throws -> [UInt8] {
        let answer = try send(.bioHeader, p1: finger.bioManagerContainer, ne: 256)
        if answer.statusWord == .fileNotFound { throw CardEdgeError.notEnrolled(finger.name) }
        try expectSuccess(answer, "GET BIO HEADER \(finger.name)")
        return answer.data
    }

    /// VERIFY (`B0 32`): the probe in 250-byte parts, then FINAL, which runs the match on card.
    ///
    /// Never retried here: every try that reaches FINAL costs one from the counter.
    /// - Throws: `CardEdgeError.notEnrolled` for an empty container, others as `CardEdgeError`.
    public func verify(_ finger: Finger, probe: [UInt8]) throws -> VerificationOutcome {
        let answer = try transport.sendInPhases(cla: Self.cla, ins: Instruction.verify.rawValue,
                                                p1: finger.bioManagerContainer,
                                                parts: probe.chunked(CardTransport.edgeChunkSize))
        let status = answer.statusWord
        switch status {
        case .success: return .match
        case .verificationFailed: return .noMatch(retriesLeft: nil)
        case .authenticationMethodBlocked: return .blocked
        case .fileNotFound: throw CardEdgeError.notEnrolled(finger.name)
        default:
            if let left = status.retriesLeft { return .noMatch(retriesLeft: left) }
            throw CardEdgeError.from(status, operation: "VERIFY \(finger.name)")
        }
    }

    /// DELETE (`B0 36 P1 00`): empties `finger`'s container (admin key verified first).
    public func delete(_ finger: Finger) throws {
        try expectSuccess(send(.delete, p1: finger.bioManagerContainer), "DELETE \(finger.name)", finger: finger)
    }

    /// UNBLOCK (`B0 38 P1 00`): restores `finger`'s retry counter (admin key verified first).
    public func unblock(_ finger: Finger) throws {
        try expectSuccess(send(.unblock, p1: finger.bioManagerContainer), "UNBLOCK \(finger.name)", finger: finger)
    }

    /// RESET STATUS (`B0 3A P1 00`): forgets that `finger` was verified (log-out).
    public func resetStatus(_ finger: Finger) throws {
        try expectSuccess(send(.resetStatus, p1: finger.bioManagerContainer), "RESET STATUS \(finger.name)")
    }

    // MARK: - Wire

    private func send(_ instruction: Instruction, p1: UInt8 = 0, data: [UInt8] = [], ne: Int? = nil) throws -> ResponseAPDU {
        try transport.send(try CommandAPDU(cla: Self.cla, ins: instruction.rawValue, p1: p1, p2: 0, data: data, ne: ne))
    }

    private func expectSuccess(_ answer: ResponseAPDU, _ operation: String, finger: Finger? = nil) throws {
        guard answer.statusWord != .success else { return }
        if let finger, answer.statusWord == .fileNotFound { throw CardEdgeError.notEnrolled(finger.name) }
        throw CardEdgeError.from(answer.statusWord, operation: operation)
    }
}

/// The two BioManager keys VERIFY KEY and CHANGE KEY name in P1.
public enum BioManagerKey: UInt8, Sendable {
    /// The issuer's key for management in later states (`01`).
    case admin = 0x01
    /// The key the card makes at LEAVE VIRGIN, for the enrolling party (`02`).
    case start = 0x02

    /// `admin key`, `start key`.
    public var name: String { self == .admin ? "admin key" : "start key" }
}
