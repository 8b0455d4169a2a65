/// One interface byte of an ATR (TAi, TBi, TCi or TDi, ISO/IEC 7816-3 §8.2.3), with the protocol
/// context that gives it its meaning.
public struct ATRInterfaceByte: Hashable, Sendable, Encodable {
    /// TA, TB, TC or TD.
    public enum Kind: String, Sendable, Encodable, CaseIterable {
        case a = "TA", b = "TB", c = "TC", d = "TD"

        /// The presence bit in Y (high nibble of T0 or TDi): b5 TA, b6 TB, b7 TC, b8 TD.
        var presenceBit: UInt8 {
            switch self {
            case .a: return 0x10
            case .b: return 0x20
            case .c: return 0x40
            case .d: return 0x80
            }
        }
    }

    /// TA, TB, TC or TD.
    public let kind: Kind
    /// i in TAi…TDi, from 1.
    public let index: Int
    /// The byte itself.
    public let value: UInt8
    /// T from TD(i−1) for i ≥ 2 (15 = global interface bytes); `nil` for the global TA1…TD1.
    public let protocolContext: Int?

    /// An interface byte as read from position i.
    public init(kind: Kind, index: Int, value: UInt8, protocolContext: Int?) {
        self.kind = kind
        self.index = index
        self.value = value
        self.protocolContext = protocolContext
    }

    /// `"TA1"`, `"TD2"`.
    public var name: String { "\(kind.rawValue)\(index)" }

    /// For TDi: the protocol T it announces (low nibble).
    public var announcedProtocol: Int? { kind == .d ? Int(value & 0x0F) : nil }

    private enum CodingKeys: String, CodingKey { case name, value, protocolContext }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode([value].hexString(), forKey: .value)
        try container.encodeIfPresent(protocolContext, forKey: .protocolContext)
    }
}
