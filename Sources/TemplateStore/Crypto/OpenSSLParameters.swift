internal import COpenSSL
import Glibc

/// An `OSSL_PARAM` array whose key names and values live as long as this object.
///
/// `OSSL_PARAM_construct_*` keep the pointers they are given, so Swift's implicit
/// `String`/`&value` conversions (valid for one call only) cannot be used with them. Values are
/// wiped on release because they include passwords and keys.
final class OpenSSLParameters {
    private var allocations: [(pointer: UnsafeMutableRawPointer, count: Int)] = []
    private var parameters: [OSSL_PARAM] = []

    deinit {
        for allocation in allocations {
            OPENSSL_cleanse(allocation.pointer, allocation.count)
            allocation.pointer.deallocate()
        }
    }

    func octets(_ key: String, _ bytes: UnsafeRawBufferPointer) {
        let count = max(bytes.count, 1)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
        allocations.append((buffer, count))
        parameters.append(OSSL_PARAM_construct_octet_string(cString(key), buffer, bytes.count))
    }

    func octets(_ key: String, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { octets(key, $0) }
    }

    func octets(_ key: String, _ secret: SecretBytes) {
        secret.withUnsafeBytes { octets(key, $0) }
    }

    func uint64(_ key: String, _ value: UInt64) {
        parameters.append(OSSL_PARAM_construct_uint64(cString(key), stored(value)))
    }

    func uint32(_ key: String, _ value: UInt32) {
        parameters.append(OSSL_PARAM_construct_uint32(cString(key), stored(value)))
    }

    func utf8(_ key: String, _ value: String) {
        parameters.append(OSSL_PARAM_construct_utf8_string(cString(key), cString(value), 0))
    }

    /// Calls `body` with the array, terminated by `OSSL_PARAM_construct_end()`.
    func withParameters<Result>(_ body: (UnsafePointer<OSSL_PARAM>) throws -> Result) rethrows -> Result {
        var all = parameters
        all.append(OSSL_PARAM_construct_end())
        return try all.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    private func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
        let pointer = strdup(text)!
        allocations.append((UnsafeMutableRawPointer(pointer), strlen(pointer) + 1))
        return pointer
    }

    private func stored<Value>(_ value: Value) -> UnsafeMutablePointer<Value> {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        allocations.append((UnsafeMutableRawPointer(pointer), MemoryLayout<Value>.size))
        return pointer
    }
}
