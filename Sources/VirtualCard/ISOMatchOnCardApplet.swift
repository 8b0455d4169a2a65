import APDU
import BiometricFormats

/// The `pb-iso` match-on-card applet (AID `F0 50 42 42 4D 01`; docs/card-edges.md): ISO/IEC
/// 7816-4/-11 commands only, ISO 19794-2 compact-card references, a published BIT group.
///
/// References: `81` user PIN (3 tries), `82` PUK (10), `83` admin PIN (5), `91`–`9A` finger
/// slots 1–10 (5 tries each; `92` right index).
///
/// | command | APDU | condition |
/// |---|---|---|
/// | BIT group, data objects | GET DATA `00 CA 7F61` / `DF30`–`DF34` | always |
/// | query tries | VERIFY `00 20 00 P2` without data | |
/// | verify finger | VERIFY `00 20 00 9n 7F2E{81 minutiae}` → `9000`/`63CX`/`6983`/`6A88`/`6A80` | enrolled |
/// | verify PIN | VERIFY `00 20 00 8n 08 PIN` | |
/// | log out | VERIFY `00 20 FF P2` | |
/// | enrol finger | CHANGE REFERENCE DATA `00 24 01 9n 7F2E{81 …}` | admin PIN |
/// | change PIN | CHANGE REFERENCE DATA `00 24 00 81 10 old new` | |
/// | unblock | RESET RETRY COUNTER `00 2C 03 P2` / `00 2C 01 P2 08 PUK` | PUK or admin PIN |
/// | delete finger | PUT DATA `00 DB 3F FF 7F60{83 9n} 7F2E{}` | admin PIN |
///
/// Command chaining is not supported (`6884`): a 60-minutia probe fits one short APDU. The
/// "any finger" reference `90` is not implemented (`6A88`).
public final class ISOMatchOnCardApplet: Applet {
    /// `F0 50 42 42 4D 01`: F0 + "PB" + "BM" + version 01.
    public static let isoAID: [UInt8] = [0xF0, 0x50, 0x42, 0x42, 0x4D, 0x01]

    /// Counters, limits and the development card's initial PINs.
    public struct Parameters: Sendable {
        /// Tries per finger slot.
        public var fingerTries: UInt8 = 5
        /// Tries for the user PIN `81`.
        public var userPINTries: UInt8 = 3
        /// Tries for the PUK `82`.
        public var pukTries: UInt8 = 10
        /// Tries for the admin PIN `83`.
        public var adminPINTries: UInt8 = 5
        /// Minutiae a probe may hold (published in the BIT).
        public var probeMinutiae: ClosedRange<Int> = 12...60
        /// Minutiae a reference may hold.
        public var referenceMinutiae: ClosedRange<Int> = 16...60
        /// `05`: x-y ascending.
        public var minutiaOrder: UInt8 = 0x05
        /// Development defaults, documented in docs/card.md: change them on any card that matters.
        public var initialUserPIN = "123456"
        /// The PUK of a new card.
        public var initialPUK = "12345678"
        /// The admin PIN of a new card.
        public var initialAdminPIN = "87654321"

        /// The defaults above.
        public init() {}
    }

    /// `F0 50 42 42 4D 01`.
    public var aid: [UInt8] { Self.isoAID }
    let parameters: Parameters
    let comparison: any OnCardComparison
    var state: ISOMatchOnCardState
    /// References verified since the last reset.
    var verified: Set<UInt8> = []

    /// A card with the initial PINs and no fingers, comparing with `comparison`.
    public init(comparison: any OnCardComparison, parameters: Parameters = Parameters()) {
        self.comparison = comparison
        self.parameters = parameters
        self.state = ISOMatchOnCardState(parameters: parameters)
    }

    /// FCI `6F { 84 AID, 8A 05 (operational), A5 { 7F61 … } }`: the BIT group comes with SELECT.
    public func select(_ command: CommandAPDU) -> ResponseAPDU {
        let extra = BERTLV(0x8A, [0x05]).encoded + BERTLV(0xA5, children: [bitGroup]).encoded
        return ResponseAPDU(data: FileControlInformation.minimal(aid: aid, extra: extra), statusWord: .success)
    }

    /// Answers an interindustry command (CLA `00`; chaining `6884`, others `6E00`).
    public func process(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.cla & 0x10 == 0 else { return ResponseAPDU(statusWord: .commandChainingNotSupported) }
        guard command.cla == 0x00 else { return ResponseAPDU(statusWord: .classNotSupported) }
        switch command.ins {
        case 0xCA: return getData(tag: UInt16(command.p1) << 8 | UInt16(command.p2))
        case 0x20: return verify(command)
        case 0x24: return changeReferenceData(command)
        case 0x2C: return resetRetryCounter(command)
        case 0xDB: return putData(command)
        default: return ResponseAPDU(statusWord: .instructionNotSupported)
        }
    }

    /// Forgets every verified reference.
    public func reset() { verified = [] }

    /// PINs, counters and finger slots, as JSON.
    public func encodeState() -> [UInt8]? { state.bytes }

    /// Takes back `encodeState()`'s JSON; refuses bad PIN blocks, counters or references.
    public func restoreState(_ bytes: [UInt8]) throws {
        state = try ISOMatchOnCardState(bytes: bytes, parameters: parameters)
    }

    // MARK: - Data objects

    private func getData(tag: UInt16) -> ResponseAPDU {
        let object: BERTLV? = switch tag {
        case 0x7F61: bitGroup
        case 0xDF30: BERTLV(0xDF30, [0x01, 0x00])
        case 0xDF31: BERTLV(0xDF31, Array(comparison.name.utf8.prefix(4)) + comparison.version.prefix(2))
        case 0xDF32: BERTLV(0xDF32, retryList)
        case 0xDF33: BERTLV(0xDF33, verified.sorted())
        // Threshold class 04 (FMR 1/10 000), max minutiae, order, "PIN resets finger counters" off.
        case 0xDF34: BERTLV(0xDF34, [0x04, UInt8(parameters.probeMinutiae.upperBound), parameters.minutiaOrder, 0x00])
        default: nil
        }
        guard let object else { return ResponseAPDU(statusWord: .referencedDataNotFound) }
        return ResponseAPDU(data: object.encoded, statusWord: .success)
    }

    /// `7F61 { 02 n, 7F60 { 83 ref, A1 { 81 08, 82 subtype, 87 0101, 88 0006, B1 {…} } } … }`,
    /// one BIT per enrolled slot.
    var bitGroup: BERTLV {
        let enrolled = state.fingers.indices.filter { state.fingers[$0] != nil }
        return BERTLV(0x7F61) {
            BERTLV(0x02, [UInt8(enrolled.count)])
            enrolled.map { index in
                BERTLV(0x7F60) {
                    BERTLV(0x83, [0x91 + UInt8(index)])
                    BERTLV(0xA1) {
                        BERTLV(0x81, [0x08])
                        BERTLV(0x82, [Finger.allCases[index].cbeffSubtype])
                        BERTLV(0x87, [0x01, 0x01])
                        BERTLV(0x88, [0x00, 0x06])
                        BERTLV(0xB1) {
                            BERTLV(0x81, [UInt8(parameters.probeMinutiae.lowerBound), UInt8(parameters.probeMinutiae.upperBound)])
                            BERTLV(0x82, [parameters.minutiaOrder])
                            BERTLV(0x83, [0x00])
                        }
                    }
                }
            }
        }
    }

    /// `(ref, remaining, max)` for `81`, `82`, `83` and every enrolled slot.
    private var retryList: [UInt8] {
        let credentials = [(UInt8(0x81), state.userPIN), (0x82, state.puk), (0x83, state.adminPIN)]
            .flatMap { [$0.0, $0.1.remaining, $0.1.maximum] }
        let slots = state.fingers.indices.compactMap { index in
            state.fingers[index].map { [0x91 + UInt8(index), $0.remaining, parameters.fingerTries] }
        }
        return credentials + slots.flatMap { $0 }
    }
}
