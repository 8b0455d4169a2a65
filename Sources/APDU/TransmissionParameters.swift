/// The clock rate conversion Fi, the baud rate adjustment Di and the maximum clock fmax coded in
/// TA1 (ISO/IEC 7816-3 §8.3, tables 7 and 8), and the speeds they give.
public struct TransmissionParameters: Hashable, Sendable, Encodable {
    /// High nibble of TA1 (1 when TA1 is absent: Fi 372, fmax 5 MHz).
    public let fiIndex: UInt8
    /// Low nibble of TA1 (1 when TA1 is absent: Di 1).
    public let diIndex: UInt8
    /// Whether TA1 was absent and these are the defaults.
    public let isDefault: Bool

    /// Clock frequency used for the "at 4 MHz" figures, the usual reader clock.
    public static let typicalClockHz = 4_000_000.0

    /// From a TA1 byte, or the defaults when `nil`.
    public init(ta1: UInt8?) {
        fiIndex = ta1.map { $0 >> 4 } ?? 1
        diIndex = ta1.map { $0 & 0x0F } ?? 1
        isDefault = ta1 == nil
    }

    /// Fi (clock cycles per etu before Di), `nil` for the reserved indexes 7, 8, E, F.
    public var fi: Int? { Self.fiTable[Int(fiIndex)]?.fi }
    /// fmax in MHz, `nil` when Fi is reserved.
    public var maximumClockMHz: Double? { Self.fiTable[Int(fiIndex)]?.fmaxMHz }
    /// Di, `nil` for the reserved indexes 0 and A–F.
    public var di: Int? { Self.diTable[Int(diIndex)] }

    /// Clock cycles per elementary time unit: Fi / Di (7816-3 §7.1).
    public var cyclesPerETU: Double? {
        guard let fi, let di else { return nil }
        return Double(fi) / Double(di)
    }

    /// Bits per second at clock frequency `hertz`: f · Di / Fi.
    public func bitRate(atClockHz hertz: Double) -> Double? {
        cyclesPerETU.map { hertz / $0 }
    }

    /// Bits per second at the typical 4 MHz clock.
    public var bitRateAtTypicalClock: Double? { bitRate(atClockHz: Self.typicalClockHz) }
    /// Bits per second at fmax.
    public var bitRateAtMaximumClock: Double? {
        maximumClockMHz.flatMap { bitRate(atClockHz: $0 * 1_000_000) }
    }

    // 7816-3 table 7 (index → Fi, fmax) and table 8 (index → Di); missing indexes are RFU.
    static let fiTable: [Int: (fi: Int, fmaxMHz: Double)] = [
        0x0: (372, 4), 0x1: (372, 5), 0x2: (558, 6), 0x3: (744, 8), 0x4: (1116, 12), 0x5: (1488, 16),
        0x6: (1860, 20), 0x9: (512, 5), 0xA: (768, 7.5), 0xB: (1024, 10), 0xC: (1536, 15), 0xD: (2048, 20),
    ]
    static let diTable: [Int: Int] = [0x1: 1, 0x2: 2, 0x3: 4, 0x4: 8, 0x5: 16, 0x6: 32, 0x7: 64, 0x8: 12, 0x9: 20]

    private enum CodingKeys: String, CodingKey {
        case isDefault, fiIndex, diIndex, fi, di, maximumClockMHz, cyclesPerETU, bitRateAtTypicalClock, bitRateAtMaximumClock
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isDefault, forKey: .isDefault)
        try container.encode(fiIndex, forKey: .fiIndex)
        try container.encode(diIndex, forKey: .diIndex)
        try container.encodeIfPresent(fi, forKey: .fi)
        try container.encodeIfPresent(di, forKey: .di)
        try container.encodeIfPresent(maximumClockMHz, forKey: .maximumClockMHz)
        try container.encodeIfPresent(cyclesPerETU, forKey: .cyclesPerETU)
        try container.encodeIfPresent(bitRateAtTypicalClock, forKey: .bitRateAtTypicalClock)
        try container.encodeIfPresent(bitRateAtMaximumClock, forKey: .bitRateAtMaximumClock)
    }
}
