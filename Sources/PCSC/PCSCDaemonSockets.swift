import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The process's sockets to pcscd, and which context each belongs to.
///
/// pcsc-lite gives every context its own socket to pcscd and carries every later call on the
/// context over it, but does not say which descriptor that is. So a context is established under
/// ``establishing``, and the socket to pcscd that appeared meanwhile is its own; sockets to
/// anything else (D-Bus, a log server) are never touched.
enum PCSCDaemonSockets {
    /// Held while a context is established, so only one new socket to pcscd appears at a time.
    static let establishing = Mutex(())
    /// The sockets live contexts have claimed.
    private static let claimed = Mutex(Set<Int32>())

    /// Claims the sockets to pcscd that are open now and were not `before`.
    static func claimNew(since before: Set<Int32>) -> [Int32] {
        let new = current().subtracting(before)
        claimed.withLock { $0.formUnion(new) }
        return Array(new)
    }

    /// Gives up `sockets` (the context is being released).
    static func release(_ sockets: [Int32]) {
        claimed.withLock { $0.subtract(sockets) }
    }

    /// Open sockets to pcscd no context has claimed: the one a context being established is
    /// waiting on.
    static func unclaimed() -> [Int32] {
        let open = current()
        return Array(claimed.withLock { open.subtracting($0) })
    }

    /// The open sockets whose peer is pcscd's socket (`PCSCLITE_CSOCK_NAME`, or pcsc-lite's
    /// default `/run/pcscd/pcscd.comm`).
    static func current() -> Set<Int32> {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        let daemon = ProcessInfo.processInfo.environment["PCSCLITE_CSOCK_NAME"]
        return Set(names.compactMap(Int32.init).filter { descriptor in
            guard let peer = peerPath(descriptor) else { return false }
            return daemon.map { peer == $0 } ?? peer.hasSuffix("/pcscd.comm")
        })
    }

    /// The path a Unix socket is connected to, or nil for anything else.
    private static func peerPath(_ descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        return withUnsafeBytes(of: address.sun_path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
