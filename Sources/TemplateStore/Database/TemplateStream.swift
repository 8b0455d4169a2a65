/// The templates of one format, decrypted lazily: each element is sealed until you call
/// `decrypt()`, so only the template in hand is ever in clear.
public struct TemplateStream: Sequence {
    let rows: [TemplateRow]
    let cipher: RowCipher

    /// How many templates the stream holds.
    public var count: Int { rows.count }

    public func makeIterator() -> Iterator {
        Iterator(rows: rows.makeIterator(), cipher: cipher)
    }

    public struct Iterator: IteratorProtocol {
        var rows: IndexingIterator<[TemplateRow]>
        let cipher: RowCipher

        public mutating func next() -> SealedTemplate? {
            rows.next().map { SealedTemplate(row: $0, cipher: cipher) }
        }
    }
}

/// One template of a `TemplateStream`: clear metadata now, plaintext on demand.
public struct SealedTemplate {
    let row: TemplateRow
    let cipher: RowCipher

    public var record: TemplateRecord { row.record }

    /// Decrypts the template; throws `IntegrityError.tamperedRow` naming it if it fails to authenticate.
    public func decrypt() throws -> DecryptedTemplate {
        try row.decrypt(with: cipher)
    }
}

// Decrypting reads only the row and the store's unlocked keys, which stay unchanged while the
// template is held, and makes its OpenSSL contexts per call: templates may be opened on several
// threads at once (1:N identification does).
extension SealedTemplate: @unchecked Sendable {}
