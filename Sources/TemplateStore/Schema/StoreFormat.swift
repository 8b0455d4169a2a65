/// The constants that identify a pbtool template store on disk. They are bound into every
/// additional-data block and KDF info string: changing any of them orphans existing stores.
enum StoreFormat {
    /// The format tag, first bytes of every row's additional data.
    static let magic = "PBT1"
    /// `PRAGMA application_id`: "PBT1" as a big-endian 32-bit integer.
    static let applicationID: Int32 = 0x5042_5431
    /// Row and key-wrap format: AES-256-GCM rows, AES-256-WRAP-PAD keys, scrypt/HKDF slots.
    static let cryptoVersion = 1
    /// HKDF info for key slots that take a 32-byte key.
    static let keySlotInfo = Array("PBT1 key slot v1".utf8)
    /// HMAC message prefix of the master-key check value.
    static let masterKeyCheckLabel = Array("PBT1 master key check".utf8)
    /// HKDF info for the key of the user-name index.
    static let nameIndexInfo = Array("PBT1 name index v1".utf8)
}

/// Tuning values of the store, in one place.
public struct StoreParameters: Sendable {
    /// How long a write waits for another process's lock.
    public var busyTimeout: Duration = .seconds(5)
    /// Largest template accepted, in bytes.
    public var maximumTemplateSize = 1 << 20
    /// Salt length of key slots, in bytes.
    public var saltLength = 32

    public init() {}
}
