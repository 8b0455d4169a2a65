internal import COpenSSL

/// A failed OpenSSL call, with everything OpenSSL had queued on this thread's error queue.
///
/// Creating one drains the queue (`ERR_get_error`), so a failure never leaks into the next call.
public struct OpenSSLError: Error, Sendable, CustomStringConvertible {
    /// One queued error: OpenSSL's packed code (library + reason) and its text.
    public struct Entry: Sendable, Hashable {
        public let code: UInt
        public let text: String

        /// The library part of the code (`ERR_GET_LIB`).
        public var library: Int32 { ERR_GET_LIB(code) }
        /// The reason part of the code (`ERR_GET_REASON`).
        public var reason: Int32 { ERR_GET_REASON(code) }
    }

    /// The OpenSSL function whose failure was detected.
    public let function: String
    /// The drained queue, oldest first; may be empty (some calls fail without queuing anything).
    public let queue: [Entry]

    public var description: String {
        let details = queue.map(\.text).joined(separator: "; ")
        return details.isEmpty ? "\(function) failed" : "\(function) failed: \(details)"
    }

    /// Builds the error for `function` and empties the thread's error queue.
    static func drain(_ function: String) -> OpenSSLError {
        var entries: [Entry] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            entries.append(Entry(code: code, text: text))
        }
        return OpenSSLError(function: function, queue: entries)
    }

    /// Empties the error queue after an expected failure (a wrong key, a failed tag).
    static func discardQueue() {
        ERR_clear_error()
    }
}
