import Foundation
@testable import TemplateStore

/// The template store's sealed-row decoder: a row's wrapped key and sealed payload, as read from
/// a store file an attacker may have edited, opened under the store's master key.
enum StoreTargets {
    static let all = [sealedRow]

    /// Input: `k`, then `k % 64` bytes of wrapped row key, then the sealed payload. Opening must
    /// refuse everything except the rows the seeds sealed (the key never leaves the target).
    static let sealedRow = FuzzTarget(
        name: "sealed-row", summary: "RowCipher.open (RFC 5649 unwrap + AES-256-GCM open) under a fixed master key",
        maximumLength: 4_096,
        run: { bytes in
            var input = FuzzInput(bytes)
            let wrappedKey = input.take(Int(input.byte()) % 64)
            let row = RowCipher.SealedRow(wrappedKey: wrappedKey, sealed: input.rest())
            let opened: SecretBytes?
            do { opened = try SealedRowFixture.cipher.open(row, identity: SealedRowFixture.identity) } catch {
                FuzzCheck.require(false, "open threw instead of refusing: \(error)")
                return
            }
            guard let opened else { return }
            let plaintext = opened.withUnsafeBytes { Array($0) }
            FuzzCheck.require(SealedRowFixture.plaintexts.contains(plaintext), "an altered row opened (\(plaintext.count) bytes)")
        },
        seeds: { try SealedRowFixture.seeds() })
}

/// The fixed key and identity of the sealed-row target, and the rows sealed under them.
enum SealedRowFixture {
    static let storeID = UUID(uuid: (0x70, 0x62, 0x74, 0x6F, 0x6F, 0x6C, 0x40, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 1))
    static let rowID = UUID(uuid: (0x70, 0x62, 0x74, 0x6F, 0x6F, 0x6C, 0x40, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 2))
    static let userID = UUID(uuid: (0x70, 0x62, 0x74, 0x6F, 0x6F, 0x6C, 0x40, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 3))

    nonisolated(unsafe) static let cipher: RowCipher = {
        do {
            return try RowCipher(storeID: storeID, generation: 1,
                                 masterKey: SecretBytes(copying: (0..<32).map { UInt8($0) &* 7 &+ 1 }))
        } catch {
            fatalError("the fuzz master key does not derive: \(error)")
        }
    }()

    static let identity = RowIdentity(purpose: .template, storeID: storeID, rowID: rowID, userID: userID,
                                      format: "iso", finger: 2, rowVersion: 1, keyGeneration: 1)

    /// What the seeds seal: nothing, a 42-byte ISO record, and 1 000 bytes.
    static let plaintexts: [[UInt8]] = [[], Array(0..<42), (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }]

    static func seeds() throws -> [FuzzSeed] {
        try plaintexts.map { plaintext in
            let row = try plaintext.withUnsafeBytes { try cipher.seal($0, identity: identity) }
            let input = [UInt8(row.wrappedKey.count)] + row.wrappedKey + row.sealed
            return FuzzSeed("sealed-\(plaintext.count)", input)
        }
    }
}
