internal import COpenSSL

/// Secret bytes (a passphrase, a key, a decrypted template) in memory this object owns and
/// overwrites with `OPENSSL_cleanse` when it is freed.
///
/// A reference type, so the buffer itself is never copied implicitly. What Swift cannot promise:
/// bytes you copy out (`copyBytes()`, a `String`, a `[UInt8]`) are ordinary values that may be
/// copied again and are freed without being wiped.
public final class SecretBytes {
    /// The number of secret bytes.
    public private(set) var count: Int
    let pointer: UnsafeMutablePointer<UInt8>
    private let capacity: Int

    /// A zeroed buffer of `count` bytes.
    public init(count: Int) {
        self.count = count
        capacity = max(count, 1)
        pointer = .allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
    }

    /// A copy of `bytes`; the caller remains responsible for its own copy.
    public convenience init(copying bytes: some Collection<UInt8>) {
        self.init(count: bytes.count)
        _ = UnsafeMutableBufferPointer(start: pointer, count: count).initialize(from: bytes)
    }

    /// Up to `capacity` bytes written by `body` straight into secret memory; `body` returns how
    /// many it wrote (e.g. bytes read from a terminal).
    public convenience init(capacity: Int, filling body: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows {
        self.init(count: capacity)
        let written = try body(UnsafeMutableRawBufferPointer(start: pointer, count: capacity))
        shrink(to: min(max(written, 0), capacity))
    }

    /// `count` bytes from OpenSSL's CSPRNG (`RAND_bytes`).
    public static func random(count: Int) throws -> SecretBytes {
        let secret = SecretBytes(count: count)
        guard RAND_bytes(secret.pointer, Int32(count)) == 1 else { throw OpenSSLError.drain("RAND_bytes") }
        return secret
    }

    deinit {
        OPENSSL_cleanse(pointer, capacity)
        pointer.deallocate()
    }

    /// Reads the secret without copying it.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// A copy as an ordinary array (not wiped when freed: keep it short-lived).
    public func copyBytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// Constant-time comparison (`CRYPTO_memcmp`).
    public func isEqual(to other: SecretBytes) -> Bool {
        count == other.count && CRYPTO_memcmp(pointer, other.pointer, count) == 0
    }

    /// Forgets the tail after the first `newCount` bytes (it stays allocated and is wiped in `deinit`).
    func shrink(to newCount: Int) {
        precondition(newCount <= count)
        OPENSSL_cleanse(pointer + newCount, count - newCount)
        count = newCount
    }
}

/// Random bytes that need not stay secret (salts, nonces, identifiers), from `RAND_bytes`.
func randomBytes(_ count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw OpenSSLError.drain("RAND_bytes") }
    return bytes
}
