/// One extended data area of a finger view (ISO/IEC 19794-2:2005, ANSI INCITS 378-2004),
/// kept as opaque bytes so a record round-trips without loss.
///
/// Ridge-count data refers to minutiae by their index in the view; reordering or removing a
/// view's minutiae therefore makes a ridge-count block wrong, which is why the compact card
/// conversion drops all extended data.
public struct ExtendedDataBlock: Hashable, Sendable, Codable {
    /// The type ID: `0x0001` ridge counts, `0x0002` cores and deltas, `0x0000` reserved,
    /// others vendor-defined.
    public var typeCode: UInt16
    /// The block's data, without its 4-byte type and length header (at most 65,531 bytes).
    public var data: [UInt8]

    /// A block of `typeCode` holding `data` (without its header).
    public init(typeCode: UInt16, data: [UInt8]) {
        self.typeCode = typeCode
        self.data = data
    }

    /// Type code of ridge-count data.
    public static let ridgeCountsTypeCode: UInt16 = 0x0001
    /// Type code of core and delta data.
    public static let coresAndDeltasTypeCode: UInt16 = 0x0002

    /// Bytes in front of `data`: type (2) and length (2); the length counts them too.
    static let headerSize = 4
}
