internal import COpenSSL

/// AES-256-GCM with a random 96-bit nonce and a 128-bit tag (EVP interface).
///
/// Sealed layout: `version(1) ‖ nonce(12) ‖ ciphertext ‖ tag(16)`; the version byte is
/// authenticated too, as the caller puts the crypto version into the additional data.
/// Public for other modules that seal data for someone else (the capture package).
public enum AESGCM {
    /// The first byte of every sealed blob this build writes.
    public static let formatVersion: UInt8 = 1
    /// Bytes of the nonce, after the version byte.
    public static let nonceLength = 12
    /// Bytes of the tag, at the end.
    public static let tagLength = 16
    /// Bytes a sealed blob adds to its plaintext.
    public static let overhead = 1 + nonceLength + tagLength

    /// Encrypts `plaintext` under the 32-byte `key`, authenticating `additionalData` too.
    public static func seal(_ plaintext: UnsafeRawBufferPointer, key: SecretBytes, additionalData: [UInt8]) throws -> [UInt8] {
        let context = try CipherContext()
        let nonce = try randomBytes(nonceLength)
        try context.initialise(encrypting: true, key: key, nonce: nonce)
        var sealed = [UInt8](repeating: 0, count: plaintext.count + overhead)
        sealed[0] = formatVersion
        sealed.replaceSubrange(1...nonceLength, with: nonce)
        try sealed.withUnsafeMutableBufferPointer { buffer in
            let body = buffer.baseAddress! + 1 + nonceLength
            var written: Int32 = 0
            try context.authenticate(additionalData, encrypting: true)
            if plaintext.count > 0 {
                let input = plaintext.baseAddress!.assumingMemoryBound(to: UInt8.self)
                guard EVP_EncryptUpdate(context.handle, body, &written, input, Int32(plaintext.count)) == 1 else {
                    throw OpenSSLError.drain("EVP_EncryptUpdate(GCM)")
                }
            }
            var final: Int32 = 0
            guard EVP_EncryptFinal_ex(context.handle, body + Int(written), &final) == 1 else {
                throw OpenSSLError.drain("EVP_EncryptFinal_ex(GCM)")
            }
            guard EVP_CIPHER_CTX_ctrl(context.handle, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), body + plaintext.count) == 1 else {
                throw OpenSSLError.drain("EVP_CTRL_GCM_GET_TAG")
            }
        }
        return sealed
    }

    /// Decrypts a sealed blob; nil when it does not authenticate (altered bytes, wrong key, or
    /// additional data that differs from sealing time) or has an unknown layout.
    public static func open(_ sealed: [UInt8], key: SecretBytes, additionalData: [UInt8]) throws -> SecretBytes? {
        guard sealed.count >= overhead, sealed[0] == formatVersion else { return nil }
        let context = try CipherContext()
        try context.initialise(encrypting: false, key: key, nonce: Array(sealed[1...nonceLength]))
        let bodyLength = sealed.count - overhead
        let plaintext = SecretBytes(count: bodyLength)
        let authentic = try sealed.withUnsafeBufferPointer { buffer -> Bool in
            let body = buffer.baseAddress! + 1 + nonceLength
            var written: Int32 = 0
            try context.authenticate(additionalData, encrypting: false)
            if bodyLength > 0 {
                guard EVP_DecryptUpdate(context.handle, plaintext.pointer, &written, body, Int32(bodyLength)) == 1 else {
                    throw OpenSSLError.drain("EVP_DecryptUpdate(GCM)")
                }
            }
            let tag = UnsafeMutableRawPointer(mutating: body + bodyLength)
            guard EVP_CIPHER_CTX_ctrl(context.handle, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), tag) == 1 else {
                throw OpenSSLError.drain("EVP_CTRL_GCM_SET_TAG")
            }
            var final: Int32 = 0
            // The return value of the final call is GCM's verdict.
            return EVP_DecryptFinal_ex(context.handle, plaintext.pointer + Int(written), &final) == 1
        }
        guard authentic else {
            OpenSSLError.discardQueue()
            return nil
        }
        return plaintext
    }

    /// An `EVP_CIPHER_CTX` for AES-256-GCM, freed in `deinit`.
    private final class CipherContext {
        let handle: OpaquePointer

        init() throws {
            guard let context = EVP_CIPHER_CTX_new() else { throw OpenSSLError.drain("EVP_CIPHER_CTX_new") }
            handle = context
        }

        deinit {
            EVP_CIPHER_CTX_free(handle)
        }

        /// Two-step init: the nonce length must be set before key and nonce are passed.
        func initialise(encrypting: Bool, key: SecretBytes, nonce: [UInt8]) throws {
            precondition(key.count == 32, "AES-256-GCM needs a 32-byte key")
            let cipherInit = encrypting ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
            guard cipherInit(handle, try CipherAlgorithms.aes256GCM(), nil, nil, nil) == 1,
                  EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1,
                  cipherInit(handle, nil, nil, key.pointer, nonce) == 1
            else { throw OpenSSLError.drain("EVP_CipherInit_ex(AES-256-GCM)") }
        }

        func authenticate(_ additionalData: [UInt8], encrypting: Bool) throws {
            guard !additionalData.isEmpty else { return }
            var written: Int32 = 0
            let update = encrypting ? EVP_EncryptUpdate : EVP_DecryptUpdate
            guard update(handle, nil, &written, additionalData, Int32(additionalData.count)) == 1 else {
                throw OpenSSLError.drain("EVP_CipherUpdate(GCM additional data)")
            }
        }
    }
}
