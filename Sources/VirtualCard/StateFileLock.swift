import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One emulator per state file: an advisory `flock(2)` on `FILE.lock` beside it, held for the
/// emulator's lifetime and holding the owner's process ID.
///
/// A second emulator on the same file would serve the state it loaded at its start once the first
/// stops — failed tries and counters would come back — so it is refused instead. The lock sits
/// in its own file because saves replace the state file by rename, which a lock on the state
/// file itself would not survive. The kernel drops the lock when its holder exits, however it
/// exits; the lock file stays (empty) and is reused.
public final class StateFileLock {
    /// The lock file: the state file's path with `.lock` appended.
    public let path: String
    private let descriptor: Int32

    /// Takes the lock for `stateFile`, or throws ``VirtualCardError/stateFileInUse(path:pid:)`` at
    /// once, or ``VirtualCardError/stateFileUnwritable(path:reason:)`` when the lock file cannot be
    /// made (its folder is missing or not writable, or it is a symlink).
    public init(stateFile: URL) throws(VirtualCardError) {
        path = stateFile.path + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .stateFileUnwritable(path: stateFile.path,
                                       reason: "cannot make its lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(reading: descriptor)
            close(descriptor)
            throw .stateFileInUse(path: stateFile.path, pid: holder)
        }
        self.descriptor = descriptor
        let text = "\(getpid())\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func holder(reading descriptor: Int32) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return 0 }
        return Int32(String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n").first ?? "") ?? 0
    }
}
