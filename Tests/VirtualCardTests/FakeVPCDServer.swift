import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP listener that plays vpcd's side of the protocol, to test the card's socket
/// loop and its reconnects without pcscd (the live tests cover the real vpcd).
final class FakeVPCDServer {
    let port: UInt16
    private let listener: Int32
    private var connection: Int32 = -1

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw FakeServerError("cannot listen: \(String(cString: strerror(errno)))") }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        if connection >= 0 { close(connection) }
        close(listener)
    }

    /// Waits (at most `seconds`) for the card to connect.
    func accept(within seconds: Double) throws {
        guard wait(for: listener, seconds: seconds) else { throw FakeServerError("no connection within \(seconds) s") }
        connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else { throw FakeServerError("accept failed") }
    }

    /// Sends `payload` framed as vpcd does: length and payload in two separate writes.
    func send(_ payload: [UInt8]) {
        let length: [UInt8] = [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        _ = length.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, 2, Int32(MSG_NOSIGNAL)) }
        _ = payload.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads one framed answer (at most `seconds`).
    func receive(within seconds: Double = 5) throws -> [UInt8] {
        let header = try read(2, within: seconds)
        return try read(Int(header[0]) << 8 | Int(header[1]), within: seconds)
    }

    /// Sends a payload and reads the answer.
    func exchange(_ payload: [UInt8]) throws -> [UInt8] {
        send(payload)
        return try receive()
    }

    /// Drops the connection, as pcscd does when it stops.
    func disconnect() {
        close(connection)
        connection = -1
    }

    private func read(_ count: Int, within seconds: Double) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            guard wait(for: connection, seconds: seconds) else { throw FakeServerError("no answer within \(seconds) s") }
            var buffer = [UInt8](repeating: 0, count: count - bytes.count)
            let received = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { throw FakeServerError("the card closed the connection") }
            bytes += buffer.prefix(received)
        }
        return bytes
    }

    private func wait(for descriptor: Int32, seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(seconds * 1000)) == 1
    }
}

struct FakeServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
