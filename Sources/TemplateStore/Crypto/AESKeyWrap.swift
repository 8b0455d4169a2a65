internal import COpenSSL

/// AES-256 key wrap with padding (RFC 5649, `EVP_aes_256_wrap_pad`): wraps master keys under slot
/// keys and per-row keys under the master key.
///
/// Deterministic and nonce-free; the integrity check value makes unwrapping under a wrong key
/// fail instead of returning garbage.
enum AESKeyWrap {
    /// Wraps `key` (any length) under `wrappingKey` (32 bytes in the store); the result is the key length
    /// rounded up to 8, plus 8 bytes.
    static func wrap(_ key: SecretBytes, with wrappingKey: SecretBytes) throws -> [UInt8] {
        let context = try CipherContext(encrypting: true, key: wrappingKey)
        var output = [UInt8](repeating: 0, count: (key.count + 7) / 8 * 8 + 8)
        var written: Int32 = 0
        guard EVP_EncryptUpdate(context.handle, &output, &written, key.pointer, Int32(key.count)) == 1 else {
            throw OpenSSLError.drain("EVP_EncryptUpdate(wrap)")
        }
        var final: Int32 = 0
        let total = Int(written)
        guard output.withUnsafeMutableBufferPointer({ EVP_EncryptFinal_ex(context.handle, $0.baseAddress! + total, &final) }) == 1 else {
            throw OpenSSLError.drain("EVP_EncryptFinal_ex(wrap)")
        }
        return Array(output.prefix(total + Int(final)))
    }

    /// Unwraps `wrapped`; nil when its integrity check fails (wrong wrapping key or altered bytes).
    static func unwrap(_ wrapped: [UInt8], with wrappingKey: SecretBytes) throws -> SecretBytes? {
        guard wrapped.count >= 16, wrapped.count % 8 == 0 else { return nil }
        let context = try CipherContext(encrypting: false, key: wrappingKey)
        let output = SecretBytes(count: wrapped.count)
        var written: Int32 = 0
        // A failed check shows up here, in the update call, not in the final call.
        guard EVP_DecryptUpdate(context.handle, output.pointer, &written, wrapped, Int32(wrapped.count)) == 1 else {
            OpenSSLError.discardQueue()
            return nil
        }
        var final: Int32 = 0
        guard EVP_DecryptFinal_ex(context.handle, output.pointer + Int(written), &final) == 1 else {
            OpenSSLError.discardQueue()
            return nil
        }
        output.shrink(to: Int(written + final))
        return output
    }

    /// An `EVP_CIPHER_CTX` set up for AES-256-WRAP-PAD, freed in `deinit`.
    private final class CipherContext {
        let handle: OpaquePointer

        init(encrypting: Bool, key: SecretBytes) throws {
            // The store only uses 32-byte keys; 16 and 24 bytes are allowed for the RFC 5649 vectors.
            precondition([16, 24, 32].contains(key.count), "AES key wrap needs a 16-, 24- or 32-byte key")
            let cipher = try CipherAlgorithms.keyWrap(keyLength: key.count)
            guard let context = EVP_CIPHER_CTX_new() else { throw OpenSSLError.drain("EVP_CIPHER_CTX_new") }
            handle = context
            EVP_CIPHER_CTX_set_flags(context, Int32(EVP_CIPHER_CTX_FLAG_WRAP_ALLOW))
            let rc = encrypting
                ? EVP_EncryptInit_ex(context, cipher, nil, key.pointer, nil)
                : EVP_DecryptInit_ex(context, cipher, nil, key.pointer, nil)
            guard rc == 1 else { throw OpenSSLError.drain("EVP_CipherInit_ex(AES-WRAP-PAD)") }
        }

        deinit {
            EVP_CIPHER_CTX_free(handle)
        }
    }
}
