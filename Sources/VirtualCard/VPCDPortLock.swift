#if canImport(Glibc)
import Glibc
#endif

/// One emulator per vpcd port: a listening Unix socket in the abstract namespace
/// (`@pbtool-vpcd-HOST:PORT`, unix(7)), held for the emulator's lifetime.
///
/// vpcd serves one card per port and leaves a second connection waiting in its listen queue, so
/// a second emulator on the port would report itself attached while serving nothing, and take
/// over once the first stops. An abstract socket needs no file: every user on the machine sees
/// it, and the kernel frees it when its holder exits, however it exits. A contender learns the
/// holder's process ID by connecting (`SO_PEERCRED` gives the listener's credentials); the
/// holder never accepts.
public final class VPCDPortLock {
    private let descriptor: Int32

    /// Takes the lock for `host:port`, or throws ``VirtualCardError/vpcdPortInUse(port:pid:)`` at
    /// once.
    public init(host: String, port: UInt16) throws(VirtualCardError) {
        let name = "pbtool-vpcd-\(host):\(port)"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .vpcdPortInUse(port: port, pid: 0) }
        guard Self.abstractAddress(name, { bind(descriptor, $0, $1) }) == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw .vpcdPortInUse(port: port, pid: Self.holder(of: name))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The process listening on `name`, or 0 when it cannot be told (its queue is full).
    private static func holder(of name: String) -> Int32 {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard probe >= 0 else { return 0 }
        defer { close(probe) }
        guard abstractAddress(name, { connect(probe, $0, $1) }) == 0 else { return 0 }
        // struct ucred {pid_t pid; uid_t uid; gid_t gid;} (unix(7)); Swift's Glibc module omits it.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(probe, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return 0 }
        return credentials.pid
    }

    /// Calls `body` with the abstract address `name` (a leading NUL, no terminator, unix(7)).
    private static func abstractAddress(_ name: String,
                                        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path[0] = 0
            for (index, byte) in bytes.enumerated() { path[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
