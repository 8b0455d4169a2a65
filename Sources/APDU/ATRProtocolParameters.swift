/// TA2, the specific mode byte (ISO/IEC 7816-3 §8.3): the card does not negotiate, it uses `protocol`.
public struct SpecificMode: Hashable, Sendable, Encodable {
    /// The protocol T the card runs in specific mode (b4-b1).
    public let `protocol`: Int
    /// b8 = 0: the card can switch between negotiable and specific mode (e.g. by a warm reset).
    public let canChangeMode: Bool
    /// b5 = 1: Fi/Di are implicit, not those of TA1.
    public let usesImplicitParameters: Bool

    /// Decodes a TA2 byte.
    public init(ta2: UInt8) {
        `protocol` = Int(ta2 & 0x0F)
        canChangeMode = ta2 & 0x80 == 0
        usesImplicitParameters = ta2 & 0x10 != 0
    }
}

/// T=0 parameters: the waiting integer WI from TC2 (7816-3 §10.2).
public struct T0Parameters: Hashable, Sendable, Encodable {
    /// WI when TC2 is absent.
    public static let defaultWaitingInteger = 10
    /// TC2, when present.
    public let waitingInteger: Int?

    /// WI in force (TC2 or 10). Waiting time WT = WI · 960 · Fi / f.
    public var effectiveWaitingInteger: Int { waitingInteger ?? Self.defaultWaitingInteger }

    private enum CodingKeys: String, CodingKey { case waitingInteger, isDefault }

    /// `{"waitingInteger":10,"isDefault":true}`: the value in force and whether TC2 was absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(effectiveWaitingInteger, forKey: .waitingInteger)
        try container.encode(waitingInteger == nil, forKey: .isDefault)
    }
}

/// T=1 parameters from the first TAi/TBi/TCi (i ≥ 3) after a TD announcing T=1 (7816-3 §11.4).
public struct T1Parameters: Hashable, Sendable, Encodable {
    /// The epilogue check of T=1 blocks.
    public enum ErrorDetection: String, Sendable, Encodable {
        /// Longitudinal redundancy check, 1 byte (TCi b1 = 0, the default).
        case lrc
        /// Cyclic redundancy check, 2 bytes (TCi b1 = 1).
        case crc
    }

    /// IFSC when the ATR gives none.
    public static let defaultIFSC = 32
    /// BWI when the ATR gives none.
    public static let defaultBlockWaitingInteger = 4
    /// CWI when the ATR gives none.
    public static let defaultCharacterWaitingInteger = 13

    /// Information field size for the card (TAi, 1–254), when given.
    public let ifsc: Int?
    /// BWI (TBi high nibble), when given.
    public let blockWaitingInteger: Int?
    /// CWI (TBi low nibble), when given.
    public let characterWaitingInteger: Int?
    /// EDC kind (TCi b1), when given.
    public let errorDetection: ErrorDetection?

    /// IFSC in force (the ATR's or 32).
    public var effectiveIFSC: Int { ifsc ?? Self.defaultIFSC }
    /// BWI in force (the ATR's or 4).
    public var effectiveBlockWaitingInteger: Int { blockWaitingInteger ?? Self.defaultBlockWaitingInteger }
    /// CWI in force (the ATR's or 13).
    public var effectiveCharacterWaitingInteger: Int { characterWaitingInteger ?? Self.defaultCharacterWaitingInteger }
    /// EDC in force (the ATR's or LRC).
    public var effectiveErrorDetection: ErrorDetection { errorDetection ?? .lrc }

    private enum CodingKeys: String, CodingKey {
        case ifsc, blockWaitingInteger, characterWaitingInteger, errorDetection, defaulted
    }

    /// The values in force, and under `defaulted` the names of those the ATR did not give.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(effectiveIFSC, forKey: .ifsc)
        try container.encode(effectiveBlockWaitingInteger, forKey: .blockWaitingInteger)
        try container.encode(effectiveCharacterWaitingInteger, forKey: .characterWaitingInteger)
        try container.encode(effectiveErrorDetection, forKey: .errorDetection)
        let defaulted: [(Bool, CodingKeys)] = [(ifsc == nil, .ifsc), (blockWaitingInteger == nil, .blockWaitingInteger),
                                               (characterWaitingInteger == nil, .characterWaitingInteger),
                                               (errorDetection == nil, .errorDetection)]
        try container.encode(defaulted.filter(\.0).map(\.1.stringValue), forKey: .defaulted)
    }
}

/// Global parameters after T=15: clock stop and class indicator (TAi), SPU (TBi) (7816-3 §8.3).
public struct T15Parameters: Hashable, Sendable, Encodable {
    /// TAi b8-b7.
    public enum ClockStop: String, Sendable, Encodable {
        case notSupported, stateLow, stateHigh, noPreference
    }

    /// TAi b6-b1: the operating conditions the card accepts.
    public enum VoltageClass: String, Sendable, Encodable, CaseIterable {
        /// b1: 5 V.
        case a
        /// b2: 3 V.
        case b
        /// b3: 1.8 V.
        case c

        /// The nominal supply voltage of the class.
        public var volts: Double {
            switch self {
            case .a: return 5
            case .b: return 3
            case .c: return 1.8
            }
        }
    }

    /// Whether and in which state the clock may be stopped; `nil` without TAi.
    public let clockStop: ClockStop?
    /// The supply classes the card accepts, A before B before C.
    public let classes: [VoltageClass]
    /// TAi b6-b4 bits set beyond class C (reserved for future classes).
    public let reservedClassBits: UInt8
    /// TBi: standard or proprietary use of contact C6, when given.
    public let standardOrProprietaryUse: UInt8?

    /// Decodes the first TAi and TBi after T=15.
    public init(ta: UInt8?, tb: UInt8?) {
        if let ta {
            clockStop = [.notSupported, .stateLow, .stateHigh, .noPreference][Int(ta >> 6)]
            classes = VoltageClass.allCases.enumerated().filter { ta & (1 << $0.offset) != 0 }.map(\.element)
            reservedClassBits = ta & 0x38
        } else {
            clockStop = nil
            classes = []
            reservedClassBits = 0
        }
        standardOrProprietaryUse = tb
    }
}
