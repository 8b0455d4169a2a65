internal import COpenSSL

/// Cipher implementations fetched once (`EVP_CIPHER_fetch`) and shared for the process.
///
/// Passing `EVP_aes_256_gcm()` and friends to an init call makes OpenSSL 3 look the
/// implementation up in its provider store on every call; per row that lookup costs about as
/// much as the cryptography itself.
final class CipherAlgorithms: @unchecked Sendable {
    // Immutable after init; OpenSSL's EVP_CIPHER objects are reference-counted and thread-safe.
    let gcm: OpaquePointer
    private let wrap: [Int: OpaquePointer]

    static let shared: CipherAlgorithms? = CipherAlgorithms()

    private init?() {
        guard let gcm = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) else { return nil }
        var wrap: [Int: OpaquePointer] = [:]
        for (length, name) in [(16, "AES-128-WRAP-PAD"), (24, "AES-192-WRAP-PAD"), (32, "AES-256-WRAP-PAD")] {
            guard let cipher = EVP_CIPHER_fetch(nil, name, nil) else { return nil }
            wrap[length] = cipher
        }
        self.gcm = gcm
        self.wrap = wrap
    }

    /// AES-GCM with a 256-bit key.
    static func aes256GCM() throws -> OpaquePointer {
        guard let shared else { throw OpenSSLError.drain("EVP_CIPHER_fetch(AES-256-GCM)") }
        return shared.gcm
    }

    /// AES key wrap with padding for a 16-, 24- or 32-byte wrapping key.
    static func keyWrap(keyLength: Int) throws -> OpaquePointer {
        guard let cipher = shared?.wrap[keyLength] else { throw OpenSSLError.drain("EVP_CIPHER_fetch(AES-WRAP-PAD)") }
        return cipher
    }
}
