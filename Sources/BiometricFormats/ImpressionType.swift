/// How the finger image was captured: the 4-bit impression type of a finger view
/// (ISO/IEC 19794-2:2005 and ANSI INCITS 378-2004 use the same codes).
///
/// Codes without a name here are kept as they are.
public struct ImpressionType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The code, 0–15 (4 bits in the record).
    public var rawValue: UInt8

    /// Keeps only the low 4 bits of `rawValue`, which is all a record can store.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue & 0x0F
    }

    /// Code 0: live-scan plain (flat) impression.
    public static let livePlain = ImpressionType(rawValue: 0)
    /// Code 1: live-scan rolled impression.
    public static let liveRolled = ImpressionType(rawValue: 1)
    /// Code 2: non-live-scan (ink, scanned card) plain impression.
    public static let nonlivePlain = ImpressionType(rawValue: 2)
    /// Code 3: non-live-scan rolled impression.
    public static let nonliveRolled = ImpressionType(rawValue: 3)
    /// A live-scan swipe (sweep) sensor image, such as pbtool's sensors produce.
    public static let swipe = ImpressionType(rawValue: 8)

    /// `live-plain`, `live-rolled`, `nonlive-plain`, `nonlive-rolled`, `swipe`, or `nil`.
    public var name: String? {
        switch rawValue {
        case 0: return "live-plain"
        case 1: return "live-rolled"
        case 2: return "nonlive-plain"
        case 3: return "nonlive-rolled"
        case 8: return "swipe"
        default: return nil
        }
    }

    /// The ``name``, or the bare code when it has none.
    public var description: String { name ?? "impression type \(rawValue)" }
}
