#if canImport(Glibc)
import Glibc
#endif

/// A failed socket call, with the `errno` it left.
public struct SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call and its target, such as `connect to 127.0.0.1:35963`.
    public let operation: String
    /// The `errno` value.
    public let code: Int32

    init(_ operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    /// Whether nothing listens on the port (pcscd is not running, or has no vpcd reader there).
    public var isConnectionRefused: Bool { code == ECONNREFUSED }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
