import Glibc

/// What `lstat` (or `stat`, or `fstat`) says about a path: its kind, owner, mode, identity.
public struct FileStatus: Sendable, Hashable {
    public let kind: FileKind
    public let owner: UInt32
    /// Permission bits only.
    public let permissions: UInt32
    public let size: Int
    /// Device and inode: the file's identity, whatever its name.
    public let identity: FileIdentity

    init(_ info: stat) {
        kind = FileKind(mode: info.st_mode)
        owner = info.st_uid
        permissions = info.st_mode & 0o7777
        size = Int(info.st_size)
        identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The status of `path` without following a final symlink; nil when nothing is there.
    public static func of(_ path: String) throws(FileProblem) -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileProblem.from(errno: errno, call: "lstat")
        }
        return FileStatus(info)
    }

    /// The status of the file `path` names, following symlinks; nil when nothing is there.
    public static func following(_ path: String) throws(FileProblem) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileProblem.from(errno: errno, call: "stat")
        }
        return FileStatus(info)
    }

    /// The status of an open descriptor.
    static func of(descriptor: Int32) throws(FileProblem) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileProblem.system(call: "fstat", errno: errno) }
        return FileStatus(info)
    }

    /// Whether the current user owns it.
    public var isOwnedByCurrentUser: Bool { owner == geteuid() }
}

/// A file's device and inode numbers.
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
}
