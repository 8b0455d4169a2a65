internal import COpenSSL

/// Key derivation and MACs through OpenSSL 3's EVP_KDF and EVP_MAC interfaces.
enum KeyDerivation {
    /// HKDF-SHA256 (RFC 5869) extract-and-expand.
    static func hkdf(_ keyMaterial: SecretBytes, salt: [UInt8], info: [UInt8], length: Int = 32) throws -> SecretBytes {
        let parameters = OpenSSLParameters()
        parameters.utf8(OSSL_KDF_PARAM_DIGEST, "SHA256")
        parameters.octets(OSSL_KDF_PARAM_KEY, keyMaterial)
        parameters.octets(OSSL_KDF_PARAM_SALT, salt)
        parameters.octets(OSSL_KDF_PARAM_INFO, info)
        return try derive(algorithm: "HKDF", parameters: parameters, length: length)
    }

    /// Runs one EVP_KDF derivation (`EVP_KDF_fetch`, `EVP_KDF_derive`).
    static func derive(algorithm: String, parameters: OpenSSLParameters, length: Int) throws -> SecretBytes {
        guard let kdf = EVP_KDF_fetch(nil, algorithm, nil) else { throw OpenSSLError.drain("EVP_KDF_fetch(\(algorithm))") }
        defer { EVP_KDF_free(kdf) }
        guard let context = EVP_KDF_CTX_new(kdf) else { throw OpenSSLError.drain("EVP_KDF_CTX_new") }
        defer { EVP_KDF_CTX_free(context) }
        let output = SecretBytes(count: length)
        let rc = parameters.withParameters { EVP_KDF_derive(context, output.pointer, length, $0) }
        guard rc == 1 else { throw OpenSSLError.drain("EVP_KDF_derive(\(algorithm))") }
        return output
    }

    /// HMAC-SHA256 of `message` under `key` (EVP_MAC "HMAC").
    static func hmacSHA256(key: SecretBytes, message: [UInt8]) throws -> [UInt8] {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { throw OpenSSLError.drain("EVP_MAC_fetch(HMAC)") }
        defer { EVP_MAC_free(mac) }
        guard let context = EVP_MAC_CTX_new(mac) else { throw OpenSSLError.drain("EVP_MAC_CTX_new") }
        defer { EVP_MAC_CTX_free(context) }
        let parameters = OpenSSLParameters()
        parameters.utf8(OSSL_MAC_PARAM_DIGEST, "SHA256")
        let initialised = parameters.withParameters { EVP_MAC_init(context, key.pointer, key.count, $0) }
        guard initialised == 1 else { throw OpenSSLError.drain("EVP_MAC_init") }
        guard EVP_MAC_update(context, message, message.count) == 1 else { throw OpenSSLError.drain("EVP_MAC_update") }
        var output = [UInt8](repeating: 0, count: 32)
        var length = 0
        guard EVP_MAC_final(context, &output, &length, output.count) == 1 else { throw OpenSSLError.drain("EVP_MAC_final") }
        return Array(output.prefix(length))
    }
}
