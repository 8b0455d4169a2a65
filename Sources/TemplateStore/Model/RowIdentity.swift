import Foundation

/// The identity of a sealed row, authenticated as GCM additional data: a ciphertext moved to
/// another row, another user, another finger or format, or an older version fails to open.
///
/// The master-key generation is deliberately absent: rotation rewraps the row keys without
/// touching ciphertexts, and the key wrap's own check binds each row key to the master key.
struct RowIdentity {
    enum Purpose: UInt8 {
        case template = 1
        case user = 2
    }

    var purpose: Purpose
    var storeID: UUID
    var rowID: UUID
    var userID: UUID
    var format: String
    var finger: Int
    var rowVersion: Int
    var keyGeneration: Int

    /// `"PBT1" ‖ purpose ‖ crypto version ‖ store ‖ row ‖ user ‖ len(format) ‖ format ‖ finger ‖
    /// u32 row version ‖ u32 key generation`, fixed width and big-endian, so no two identities
    /// encode alike.
    var authenticatedData: [UInt8] {
        var bytes = Array(StoreFormat.magic.utf8)
        bytes.reserveCapacity(96)
        bytes.append(purpose.rawValue)
        bytes.append(UInt8(StoreFormat.cryptoVersion))
        bytes += storeID.bytes + rowID.bytes + userID.bytes
        let formatBytes = Array(format.utf8.prefix(255))
        bytes.append(UInt8(formatBytes.count))
        bytes += formatBytes
        bytes.append(UInt8(truncatingIfNeeded: finger))
        bytes += UInt32(truncatingIfNeeded: rowVersion).bigEndianBytes
        bytes += UInt32(truncatingIfNeeded: keyGeneration).bigEndianBytes
        return bytes
    }
}

extension UUID {
    /// A random (version 4, RFC 9562 §5.4) UUID from OpenSSL's generator; Foundation's `UUID()`
    /// opens /dev/urandom on every call on Linux.
    /// Stands for an id column that does not hold 16 bytes (the schema's CHECK forbids it).
    static let unreadable = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    static func random() throws -> UUID {
        var bytes = try randomBytes(16)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(bytes: bytes)!
    }

    /// The 16 bytes, as stored in BLOB columns.
    var bytes: [UInt8] {
        withUnsafeBytes(of: uuid) { Array($0) }
    }

    /// A UUID from a 16-byte BLOB; nil for any other length.
    init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
        self.init(uuid: value)
    }
}

extension UInt32 {
    var bigEndianBytes: [UInt8] {
        [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)]
    }
}
