internal import COpenSSL

/// An RSA public key read from PEM (a `PUBLIC KEY` or an X.509 `CERTIFICATE`), for wrapping a
/// symmetric key to its owner with RSA-OAEP (SHA-256, MGF1 with SHA-256; RFC 8017 §7.1).
///
/// Owns its `EVP_PKEY` and frees it in `deinit`. Thread-safe for wrapping.
public final class RSAPublicKey {
    private let key: OpaquePointer

    /// Parses `pem`; only RSA keys of at least 2048 bits are accepted.
    /// - Throws: ``RSAKeyError`` for text that holds no usable RSA public key.
    public init(pem: [UInt8]) throws {
        guard let parsed = Self.parse(pem) else {
            OpenSSLError.discardQueue()
            throw RSAKeyError.notAPublicKey
        }
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_RSA else {
            EVP_PKEY_free(parsed)
            throw RSAKeyError.notRSA
        }
        let bits = Int(EVP_PKEY_get_bits(parsed))
        guard bits >= 2048 else {
            EVP_PKEY_free(parsed)
            throw RSAKeyError.tooShort(bits: bits)
        }
        key = parsed
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The modulus size in bits.
    public var bits: Int { Int(EVP_PKEY_get_bits(key)) }

    /// SHA-256 of the key's DER SubjectPublicKeyInfo (`i2d_PUBKEY`), to name the recipient.
    public func fingerprint() throws -> [UInt8] {
        var der: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(key, &der)
        guard length > 0, let der else { throw OpenSSLError.drain("i2d_PUBKEY") }
        defer { copenssl_free(der) }
        var digest = [UInt8](repeating: 0, count: 32)
        var size: UInt32 = 0
        guard EVP_Digest(der, Int(length), &digest, &size, EVP_sha256(), nil) == 1 else {
            throw OpenSSLError.drain("EVP_Digest(SHA-256)")
        }
        return digest
    }

    /// Encrypts `secret` (a key, at most bits/8 − 66 bytes) with RSA-OAEP, SHA-256 and
    /// MGF1-SHA-256 (`EVP_PKEY_encrypt`).
    public func wrap(_ secret: SecretBytes) throws -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new(key, nil) else { throw OpenSSLError.drain("EVP_PKEY_CTX_new") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_encrypt_init(context) == 1,
              EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_OAEP_PADDING) == 1,
              EVP_PKEY_CTX_set_rsa_oaep_md(context, EVP_sha256()) == 1,
              EVP_PKEY_CTX_set_rsa_mgf1_md(context, EVP_sha256()) == 1
        else { throw OpenSSLError.drain("EVP_PKEY_encrypt_init(RSA-OAEP-SHA256)") }
        return try secret.withUnsafeBytes { plaintext in
            let input = plaintext.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var length = 0
            guard EVP_PKEY_encrypt(context, nil, &length, input, plaintext.count) == 1 else {
                throw OpenSSLError.drain("EVP_PKEY_encrypt(size)")
            }
            var wrapped = [UInt8](repeating: 0, count: length)
            guard EVP_PKEY_encrypt(context, &wrapped, &length, input, plaintext.count) == 1 else {
                throw OpenSSLError.drain("EVP_PKEY_encrypt")
            }
            return Array(wrapped.prefix(length))
        }
    }

    /// A `PUBLIC KEY`, else the key of a `CERTIFICATE`; each attempt reads from a fresh BIO.
    private static func parse(_ pem: [UInt8]) -> OpaquePointer? {
        if let key = withMemoryBIO(pem, { PEM_read_bio_PUBKEY($0, nil, nil, nil) }) { return key }
        return withMemoryBIO(pem) { bio -> OpaquePointer? in
            guard let certificate = PEM_read_bio_X509(bio, nil, nil, nil) else { return nil }
            defer { X509_free(certificate) }
            return X509_get_pubkey(certificate)
        }
    }

    private static func withMemoryBIO<Result>(_ bytes: [UInt8], _ body: (OpaquePointer) -> Result?) -> Result? {
        bytes.withUnsafeBytes { buffer -> Result? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }
}

/// Why PEM text gave no usable RSA public key.
public enum RSAKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither a PEM public key nor a certificate.
    case notAPublicKey
    /// A key, but not RSA.
    case notRSA
    /// Fewer than 2048 bits.
    case tooShort(bits: Int)

    public var description: String {
        switch self {
        case .notAPublicKey: "not a PEM public key (-----BEGIN PUBLIC KEY-----) or certificate"
        case .notRSA: "the key is not an RSA key"
        case .tooShort(let bits): "the RSA key has \(bits) bits; at least 2048 are needed"
        }
    }
}
