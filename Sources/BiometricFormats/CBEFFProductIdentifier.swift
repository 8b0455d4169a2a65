/// The CBEFF product identifier of an ANSI INCITS 378-2004 header: which organisation (owner,
/// registered with IBIA) and which of its products produced the record.
///
/// ISO/IEC 19794-2:2005 records have no such field.
public struct CBEFFProductIdentifier: Hashable, Sendable, Codable {
    /// IBIA-registered vendor ID.
    public var owner: UInt16
    /// The owner's product type.
    public var type: UInt16

    /// An identifier from its two halves.
    public init(owner: UInt16, type: UInt16) {
        self.owner = owner
        self.type = type
    }
}
