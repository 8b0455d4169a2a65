/// The life cycle status byte (LCS) of ISO/IEC 7816-4 §7.4.10, table 15.
public struct LifeCycleStatus: Hashable, Sendable, Encodable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The state name of table 15.
    public var meaning: String {
        switch rawValue {
        case 0x00: return "No information given"
        case 0x01: return "Creation state"
        case 0x03: return "Initialisation state"
        case 0x05, 0x07: return "Operational state (activated)"
        case 0x04, 0x06: return "Operational state (deactivated)"
        case 0x0C...0x0F: return "Termination state"
        case 0x10...0xFF: return "Proprietary"
        default: return "Reserved for future use"
        }
    }

    public var description: String { "\([rawValue].hexString()) (\(meaning))" }

    private enum CodingKeys: String, CodingKey { case value, meaning }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([rawValue].hexString(), forKey: .value)
        try container.encode(meaning, forKey: .meaning)
    }
}

/// The status indicator of the historical bytes (7816-4 §8.1.1.3): an LCS byte, a status word, or both.
public struct StatusIndicator: Hashable, Sendable, Encodable {
    /// The LCS byte, when the indicator has one.
    public let lifeCycle: LifeCycleStatus?
    /// SW1 SW2, when the indicator has them.
    public let statusWord: StatusWord?

    /// From the 1 (LCS), 2 (SW) or 3 (LCS + SW) bytes of the indicator; `nil` for other counts.
    public init?(bytes: [UInt8]) {
        switch bytes.count {
        case 1: (lifeCycle, statusWord) = (LifeCycleStatus(rawValue: bytes[0]), nil)
        case 2: (lifeCycle, statusWord) = (nil, StatusWord(sw1: bytes[0], sw2: bytes[1]))
        case 3: (lifeCycle, statusWord) = (LifeCycleStatus(rawValue: bytes[0]), StatusWord(sw1: bytes[1], sw2: bytes[2]))
        default: return nil
        }
    }
}
