#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection from the card to a vpcd reader port, tuned for one-APDU-at-a-time traffic.
///
/// vpcd writes each frame as two `send`s (length, then payload). With Nagle on its side and
/// delayed ACKs on ours, the payload waits ~40 ms for our ACK of the length. `TCP_QUICKACK`
/// makes the kernel ACK at once, but Linux clears it again after use, so it is re-armed after
/// every read. `TCP_NODELAY` keeps our own answers from waiting behind unacknowledged data.
final class VPCDSocket: @unchecked Sendable {
    private let descriptor: Int32
    private let options: VPCDSocketOptions

    /// Connects to `host:port` (an IPv4 address such as `127.0.0.1`).
    init(host: String, port: UInt16, options: VPCDSocketOptions) throws(SocketError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw SocketError("inet_pton(\(host))", code: EINVAL)
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = SocketError("connect to \(host):\(port)")
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.options = options
        if options.contains(.noDelay) { setOption(TCP_NODELAY) }
        if options.contains(.quickAck) { setOption(TCP_QUICKACK) }
    }

    deinit {
        close(descriptor)
    }

    /// Waits for bytes; returns an empty array when the peer closed the connection.
    func receive() throws(SocketError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_538)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 {
                if options.contains(.quickAck) { setOption(TCP_QUICKACK) }
                return Array(buffer.prefix(count))
            }
            if errno != EINTR { throw SocketError("recv") }
        }
    }

    /// Sends all of `bytes` in as few writes as the kernel allows.
    func send(_ bytes: [UInt8]) throws(SocketError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw SocketError("send")
            }
            offset += sent
        }
    }

    /// Ends the connection both ways; a `receive` blocked on another thread returns at once.
    func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private func setOption(_ option: Int32) {
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), option, &on, socklen_t(MemoryLayout<Int32>.size))
    }
}
