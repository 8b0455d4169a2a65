/// The card applications pbtool talks to, each chosen by SELECT with its AID.
public enum CardEdge: String, Sendable, CaseIterable, Codable {
    /// Precise BioManager: finger containers, match on card, keys, life cycle (docs/card-edges.md).
    case bioManager = "biomanager"
    /// Precise IDStore: data containers released after verification (docs/card-edges.md).
    case idStore = "idstore"
    /// ISO/IEC 7816-11 match on card, the `pb-iso` profile's BioManager (docs/card-edges.md).
    case isoMatchOnCard = "iso"

    /// The AID SELECT names: `A0 00 00 00 84 00`, `A0 00 00 00 84 03`, `F0 50 42 42 4D 01`.
    public var aid: [UInt8] {
        switch self {
        case .bioManager: [0xA0, 0x00, 0x00, 0x00, 0x84, 0x00]
        case .idStore: [0xA0, 0x00, 0x00, 0x00, 0x84, 0x03]
        case .isoMatchOnCard: [0xF0, 0x50, 0x42, 0x42, 0x4D, 0x01]
        }
    }

    /// `BioManager`, `IDStore`, `ISO match on card`: the name in messages.
    public var title: String {
        switch self {
        case .bioManager: "BioManager"
        case .idStore: "IDStore"
        case .isoMatchOnCard: "ISO match on card"
        }
    }
}
