import Foundation
import TestSupport

/// A small tmpfs the test mounts (as root) to make a real "disk full": `mount -t tmpfs -o
/// size=…,mode=0700 tmpfs DIR`; unmounted and removed by ``unmount()``.
final class Tmpfs {
    let directory: String

    /// Whether this process may mount one (root with CAP_SYS_ADMIN); probed once.
    static let isPermitted: Bool = {
        guard getuid() == 0, let probe = try? Tmpfs(kibibytes: 64) else { return false }
        probe.unmount()
        return true
    }()

    /// Mounts a tmpfs of `kibibytes` on a new temporary directory.
    init(kibibytes: Int) throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pbtool-tmpfs-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        directory = String(cString: made)
        let status = Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0700", "tmpfs", directory])
        guard status == 0 else {
            rmdir(directory)
            throw POSIXError(.EPERM)
        }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Grows (or shrinks) the file system in place: `mount -o remount,size=…`.
    func resize(kibibytes: Int) throws {
        guard Self.run("/bin/mount", ["-o", "remount,size=\(kibibytes)k", directory]) == 0 else { throw POSIXError(.EPERM) }
    }

    /// Makes the file system read-only (`true`) or writable again: `mount -o remount,ro|rw`.
    func setReadOnly(_ readOnly: Bool) throws {
        guard Self.run("/bin/mount", ["-o", "remount,\(readOnly ? "ro" : "rw")", directory]) == 0 else { throw POSIXError(.EPERM) }
    }

    /// Fills what is left with a ballast file, so the next write of any size fails with ENOSPC.
    func fill() {
        let descriptor = open(path("ballast"), O_WRONLY | O_CREAT | O_APPEND, 0o600)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0xA5, count: 512)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Frees the ballast again.
    func drain() {
        unlink(path("ballast"))
    }

    func unmount() {
        _ = Self.run("/bin/umount", [directory])
        rmdir(directory)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        (try? ChildProcess.run(executable, arguments))?.status ?? -1
    }
}
