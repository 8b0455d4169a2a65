import Files
import Foundation
import Glibc

/// A log file that starts afresh on every run and rotates at a size limit: the current file is
/// `path`, older ones `path.1` (newest) … `path.N`; the oldest beyond `keep` is removed.
///
/// Rotation only ever renames or removes regular files owned by the current user: the kind of
/// file this log makes. When `path` or any `path.N` is anything else (a directory, a symlink, a
/// device, another user's file) the log refuses to start and touches nothing. Files are created
/// with mode 0600. Not thread-safe: write from one thread, or serialise.
public final class RotatingLogFile {
    /// The current file.
    public let path: String
    /// Bytes after which the file is rotated (1 MiB by default).
    public let limit: Int
    /// Older files kept.
    public let keep: Int
    private var descriptor: Int32
    private var size = 0

    /// Checks every file of the log, rotates what an earlier run left and opens a new, empty file.
    /// - Throws: ``FileError`` naming the first file rotation may not touch, or the file that
    ///   cannot be created.
    public init(path: String, limit: Int = 1 << 20, keep: Int = 5) throws {
        self.path = path
        self.limit = max(1, limit)
        self.keep = max(1, keep)
        try Self.checkRotatable(path, keep: self.keep)
        Self.rotate(path, keep: self.keep)
        descriptor = try Self.create(path)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `line` and a newline, rotating first when the file would pass the limit.
    public func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        if size > 0, size + bytes.count > limit {
            close(descriptor)
            descriptor = -1
            size = 0
            // Logging never stops the flow: if rotation finds a file it may not touch, or the
            // new file cannot be made, lines are dropped.
            guard (try? Self.checkRotatable(path, keep: keep)) != nil else { return }
            Self.rotate(path, keep: keep)
            guard let fresh = try? Self.create(path) else { return }
            descriptor = fresh
        }
        guard descriptor >= 0 else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                offset += count
            }
        }
        size += bytes.count
    }

    /// The files of this log that exist now, current first.
    public var files: [String] {
        Self.names(path, keep: keep).filter { (try? FileStatus.of($0)) != nil }
    }

    private static func names(_ path: String, keep: Int) -> [String] {
        [path] + (1...keep).map { "\(path).\($0)" }
    }

    /// Every name rotation may rename or remove is absent or a regular file of ours.
    private static func checkRotatable(_ path: String, keep: Int) throws {
        for name in names(path, keep: keep) {
            do throws(FileProblem) {
                guard let status = try FileStatus.of(name) else { continue }
                guard status.kind != .symbolicLink else { throw .symbolicLink }
                guard status.kind == .regular else { throw .wrongKind(status.kind) }
                guard status.isOwnedByCurrentUser else { throw .ownedByAnotherUser(uid: status.owner) }
            } catch {
                throw FileError("log file", name, error)
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try OutputFolder.prepare(folder, role: "log folder", mode: 0o700) }
    }

    /// `unlink` and `rename`, never a recursive removal: what is checked is what is touched.
    private static func rotate(_ path: String, keep: Int) {
        guard (try? FileStatus.of(path)) != nil else { return }
        unlink("\(path).\(keep)")
        for index in stride(from: keep - 1, through: 1, by: -1) {
            rename("\(path).\(index)", "\(path).\(index + 1)")
        }
        rename(path, "\(path).1")
    }

    private static func create(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileError("log file", path, .from(errno: errno, call: "create")) }
        return descriptor
    }
}
