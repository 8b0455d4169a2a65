import Glibc

/// A file written completely or not at all: bytes go to a hidden temporary file beside the
/// destination, which takes its name only at ``commit()``.
///
/// Creating one checks everything that can be checked before the work starts: the destination
/// is absent (or, when replacing, a regular file, never a directory, device or symlink), its
/// folder exists, and a file can be created there. Commands create their outputs before the
/// first swipe or card command, so a bad `--out` costs the user nothing. An output released
/// without ``commit()`` leaves nothing behind but what was there before.
///
/// Not thread-safe.
public final class OutputFile {
    /// What to do when the destination already exists.
    public enum Existing: Sendable {
        /// Refuse (the default: nothing is overwritten unless the user asks).
        case refuse
        /// Replace a regular file; anything else is still refused.
        case replace
    }

    /// The destination as given.
    public let path: String
    /// What the file is to the command, for messages ("output file", "key file").
    public let role: String
    private let existing: Existing
    private let temporaryPath: String
    private var descriptor: Int32
    private var placed: FileIdentity?

    /// Checks the destination and creates the temporary file. A private `mode` (no group or
    /// other bits) is set exactly; a wider one is narrowed by the umask as usual.
    public init(_ path: String, role: String = "output file", existing: Existing = .refuse,
                mode: mode_t = 0o600) throws(FileError) {
        self.path = path
        self.role = role
        self.existing = existing
        do throws(FileProblem) {
            try Self.checkDestination(path, existing: existing)
            (temporaryPath, descriptor) = try Self.createTemporary(beside: path, mode: mode)
        } catch {
            throw FileError(role, path, error)
        }
    }

    deinit { discard() }

    /// Where the bytes go until the commit: for writers that need a path rather than bytes
    /// (SQLite's `VACUUM INTO`). Nothing but this object may rename or remove it.
    public var stagingPath: String { temporaryPath }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure(.from(errno: count < 0 ? errno : ENOSPC, call: "write")) }
            offset += count
        }
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            do throws(FileError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Syncs the file and gives it its name; until now the destination was untouched.
    public func commit() throws(FileError) {
        guard placed == nil, descriptor >= 0 else { return }
        do throws(FileProblem) {
            let identity = try FileStatus.of(descriptor: descriptor).identity
            guard fsync(descriptor) == 0 else { throw FileProblem.from(errno: errno, call: "fsync") }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw FileProblem.from(errno: errno, call: "write") }
            try place()
            placed = identity
            Self.syncFolder(of: path)
        } catch {
            throw failure(error)
        }
    }

    /// Commits, then runs `body`; when `body` throws, the committed file is removed again (when
    /// it is still the one written here) and the error is rethrown. For a key file that must
    /// exist before the store commits, and not after the store refused.
    public func committed<Result>(while body: () throws -> Result) throws -> Result {
        try commit()
        do {
            return try body()
        } catch {
            withdraw()
            throw error
        }
    }

    /// Drops the temporary file; the destination keeps what it had. Does nothing after a commit.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if placed == nil { unlink(temporaryPath) }
    }

    private func withdraw() {
        guard let placed, (try? FileStatus.of(path))?.identity == placed else { return }
        unlink(path)
        self.placed = nil
    }

    private func failure(_ problem: FileProblem) -> FileError {
        discard()
        return FileError(role, path, problem)
    }

    /// `link` refuses an existing name atomically; `rename` replaces one.
    private func place() throws(FileProblem) {
        defer { unlink(temporaryPath) }
        switch existing {
        case .refuse:
            if link(temporaryPath, path) == 0 { return }
            // File systems without hard links (vfat): a checked rename, not atomic against a racer.
            guard errno == EPERM || errno == ENOTSUP || errno == EMLINK else { throw FileProblem.from(errno: errno, call: "create") }
            try Self.checkDestination(path, existing: .refuse)
        case .replace:
            try Self.checkDestination(path, existing: .replace)
        }
        guard rename(temporaryPath, path) == 0 else { throw FileProblem.from(errno: errno, call: "rename") }
    }

    static func checkDestination(_ path: String, existing: Existing) throws(FileProblem) {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw FileProblem.wrongKind(.directory) }
        if let status = try FileStatus.of(path) {
            guard status.kind != .symbolicLink else { throw FileProblem.symbolicLink }
            guard status.kind == .regular else { throw FileProblem.wrongKind(status.kind) }
            guard existing == .replace else { throw FileProblem.alreadyExists }
        }
        let folder = Self.folder(of: path)
        guard let status = try FileStatus.following(folder) else { throw FileProblem.missingFolder(folder) }
        guard status.kind == .directory else { throw FileProblem.missingFolder(folder) }
    }

    private static func createTemporary(beside path: String, mode: mode_t) throws(FileProblem) -> (String, Int32) {
        let folder = folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for _ in 0..<16 {
            let candidate = "\(folder)/.\(name).\(UInt32.random(in: 0...UInt32.max)).tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 {
                if mode & 0o077 == 0 { fchmod(descriptor, mode) }
                return (candidate, descriptor)
            }
            guard errno == EEXIST else { throw FileProblem.from(errno: errno, call: "create") }
        }
        throw FileProblem.system(call: "create", errno: EEXIST)
    }

    /// The folder `path` is in ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A rename is durable only once its folder is synced; best effort.
    private static func syncFolder(of path: String) {
        let descriptor = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
