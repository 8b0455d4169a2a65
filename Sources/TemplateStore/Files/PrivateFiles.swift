import Glibc

/// Checks and creates files and directories that only their owner may touch.
///
/// Everything is checked with `lstat` (a symlink is refused, never followed) and created with
/// explicit modes through `O_CREAT | O_EXCL | O_NOFOLLOW`, so the umask never widens them.
enum PrivateFiles {
    /// The result of a successful check.
    enum Status { case absent, present }

    /// Checks that `path` is a regular file owned by us with no group or other permissions;
    /// `.absent` when it does not exist.
    static func checkFile(_ path: String) throws -> Status {
        guard let info = try status(path) else { return .absent }
        guard info.st_mode & S_IFMT != S_IFLNK else { throw FileProblem.symbolicLink }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileProblem.notARegularFile }
        try checkOwnership(info)
        return .present
    }

    /// Checks that `path` is a directory owned by us with no group or other permissions.
    static func checkDirectory(_ path: String) throws {
        guard let info = try status(path) else { throw FileProblem.missing }
        guard info.st_mode & S_IFMT != S_IFLNK else { throw FileProblem.symbolicLink }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileProblem.notADirectory }
        try checkOwnership(info)
    }

    /// Creates `path` and any missing parents with mode 0700, then checks the last one.
    static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if try status(prefix) == nil, mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw FileProblem.system(call: "mkdir \(prefix)", errno: errno)
            }
        }
        try checkDirectory(path)
    }

    /// Creates an empty file with mode 0600; fails if anything (even a dangling symlink) is there.
    static func createFile(_ path: String) throws {
        let descriptor = try openNew(path)
        close(descriptor)
    }

    /// Creates `path` with mode 0600 and writes `bytes` to it, synced to disk.
    /// A file that cannot be written completely is removed again (a truncated key file would
    /// look like a key and unlock nothing).
    static func writeNewFile(_ path: String, bytes: UnsafeRawBufferPointer) throws {
        let descriptor = try openNew(path)
        defer { close(descriptor) }
        do {
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileProblem.system(call: "write \(path)", errno: errno)
                }
                offset += written
            }
            guard fsync(descriptor) == 0 else { throw FileProblem.system(call: "fsync \(path)", errno: errno) }
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Mode bits (permissions only) of an existing path, not following symlinks.
    static func permissions(_ path: String) -> UInt32? {
        (try? status(path)).flatMap { $0 }.map { $0.st_mode & 0o7777 }
    }

    private static func openNew(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? FileProblem.alreadyExists : FileProblem.system(call: "open \(path)", errno: errno)
        }
        // The umask can only narrow 0600, but fchmod makes the mode independent of it anyway.
        fchmod(descriptor, 0o600)
        return descriptor
    }

    private static func status(_ path: String) throws -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileProblem.system(call: "lstat \(path)", errno: errno)
        }
        return info
    }

    private static func checkOwnership(_ info: stat) throws {
        guard info.st_uid == geteuid() else { throw FileProblem.ownedByAnotherUser(uid: info.st_uid) }
        guard info.st_mode & 0o077 == 0 else { throw FileProblem.accessibleToOthers(mode: info.st_mode & 0o7777) }
    }
}
