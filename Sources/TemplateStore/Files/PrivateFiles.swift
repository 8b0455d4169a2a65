import Files
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
        guard let status = try FileStatus.of(path) else { return .absent }
        guard status.kind != .symbolicLink else { throw FileProblem.symbolicLink }
        guard status.kind == .regular else { throw FileProblem.wrongKind(status.kind) }
        try checkOwnership(status)
        return .present
    }

    /// Checks that `path` is a directory owned by us with no group or other permissions.
    static func checkDirectory(_ path: String) throws {
        guard let status = try FileStatus.of(path) else { throw FileProblem.missing }
        guard status.kind != .symbolicLink else { throw FileProblem.symbolicLink }
        guard status.kind == .directory else { throw FileProblem.notADirectory }
        try checkOwnership(status)
    }

    /// Creates `path` and any missing parents with mode 0700, then checks the last one.
    static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if try FileStatus.of(prefix) == nil, mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw FileProblem.system(call: "mkdir \(prefix)", errno: errno)
            }
        }
        try checkDirectory(path)
    }

    /// Creates an empty file with mode 0600; fails if anything (even a dangling symlink) is there.
    static func createFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? FileProblem.alreadyExists : FileProblem.system(call: "open", errno: errno)
        }
        // The umask can only narrow 0600, but fchmod makes the mode independent of it anyway.
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    /// Mode bits (permissions only) of an existing path, not following symlinks.
    static func permissions(_ path: String) -> UInt32? {
        (try? FileStatus.of(path))?.map(\.permissions)
    }

    private static func checkOwnership(_ status: FileStatus) throws {
        guard status.isOwnedByCurrentUser else { throw FileProblem.ownedByAnotherUser(uid: status.owner) }
        guard status.permissions & 0o077 == 0 else { throw FileProblem.accessibleToOthers(mode: status.permissions) }
    }
}
