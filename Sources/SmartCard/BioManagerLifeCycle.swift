import APDU

/// The BioManager applet's life-cycle state, byte 4 of GET PROPERTIES and P1 of STATE CONTROL
/// (docs/card-edges.md). Unknown values are kept.
public struct BioManagerLifeCycle: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Fresh from the factory: only LEAVE VIRGIN moves on (`01`).
    public static let virgin = BioManagerLifeCycle(rawValue: 0x01)
    /// The start key is out; the admin key can be set (`02`).
    public static let initialization = BioManagerLifeCycle(rawValue: 0x02)
    /// Management only, no verification (`04`).
    public static let administration = BioManagerLifeCycle(rawValue: 0x04)
    /// In use: verification, and management with the admin key (`08`).
    public static let operational = BioManagerLifeCycle(rawValue: 0x08)
    /// Terminal state (`80`).
    public static let locked = BioManagerLifeCycle(rawValue: 0x80)

    private static let names: [UInt8: String] = [
        0x01: "virgin", 0x02: "initialization", 0x04: "administration", 0x08: "operational", 0x80: "locked",
    ]

    /// `virgin`, `operational`, … or `unknown (XX)`.
    public var name: String { Self.names[rawValue] ?? "unknown (\([rawValue].hexString()))" }

    /// Parses `virgin` … `locked`.
    public init?(name: String) {
        guard let match = Self.names.first(where: { $0.value == name.lowercased() }) else { return nil }
        self.init(rawValue: match.key)
    }

    public var description: String { name }
}
