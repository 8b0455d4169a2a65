internal import COpenSSL

/// scrypt cost parameters (RFC 7914) for a passphrase key slot; stored with the slot.
public struct ScryptParameters: Sendable, Hashable, CustomStringConvertible {
    /// log2 of the CPU/memory cost N.
    public var logN: Int
    /// Block size r.
    public var r: Int
    /// Parallelism p.
    public var p: Int

    public init(logN: Int, r: Int, p: Int) {
        self.logN = logN
        self.r = r
        self.p = p
    }

    /// For passphrases people type: N = 2^17, r = 8, p = 1 (128 MiB, about 0.4 s on a 2-core machine).
    public static let interactive = ScryptParameters(logN: 17, r: 8, p: 1)
    /// Cheap and weak (1 MiB): for tests only, never for a real store.
    public static let testing = ScryptParameters(logN: 10, r: 8, p: 1)

    /// What this build accepts, when creating a slot and when reading one from a file: a
    /// tampered slot must not make `open` allocate gigabytes or spin for minutes.
    public static let accepted = (logN: 10...20, r: 1...16, p: 1...4)

    /// Bytes scrypt needs for its V array (128 · r · N).
    public var memoryBytes: UInt64 { 128 * UInt64(r) << UInt64(logN) }

    /// Whether the parameters are inside `accepted` and need at most 1 GiB.
    public var isAccepted: Bool {
        Self.accepted.logN.contains(logN) && Self.accepted.r.contains(r) && Self.accepted.p.contains(p)
            && memoryBytes <= 1 << 30
    }

    public var description: String { "scrypt N=2^\(logN) r=\(r) p=\(p)" }

    /// Derives `length` bytes from `passphrase` and `salt` with EVP_KDF "SCRYPT".
    ///
    /// N, r, p and maxmem are always set: the provider's defaults (N = 2^20, 1025 MiB) would
    /// otherwise apply. Callers check `isAccepted` first for parameters read from a file.
    func deriveKey(from passphrase: SecretBytes, salt: [UInt8], length: Int = 32) throws -> SecretBytes {
        let parameters = OpenSSLParameters()
        parameters.octets(OSSL_KDF_PARAM_PASSWORD, passphrase)
        parameters.octets(OSSL_KDF_PARAM_SALT, salt)
        parameters.uint64(OSSL_KDF_PARAM_SCRYPT_N, 1 << UInt64(logN))
        parameters.uint32(OSSL_KDF_PARAM_SCRYPT_R, UInt32(r))
        parameters.uint32(OSSL_KDF_PARAM_SCRYPT_P, UInt32(p))
        parameters.uint64(OSSL_KDF_PARAM_SCRYPT_MAXMEM, 2 * memoryBytes + (1 << 20))
        return try KeyDerivation.derive(algorithm: "SCRYPT", parameters: parameters, length: length)
    }
}
