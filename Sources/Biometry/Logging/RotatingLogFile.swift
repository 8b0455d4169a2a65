import Foundation

/// A log file that starts afresh on every run and rotates at a size limit: the current file is
/// `path`, older ones `path.1` (newest) … `path.N`; the oldest beyond `keep` is removed.
///
/// Files are created with mode 0600. Not thread-safe: write from one thread, or serialise.
public final class RotatingLogFile {
    /// The current file.
    public let path: String
    /// Bytes after which the file is rotated (1 MiB by default).
    public let limit: Int
    /// Older files kept.
    public let keep: Int
    private var handle: FileHandle
    private var size = 0

    /// Rotates whatever `path` holds from an earlier run and opens a new, empty file.
    /// - Throws: `CocoaError` naming the file when it cannot be created.
    public init(path: String, limit: Int = 1 << 20, keep: Int = 5) throws {
        self.path = path
        self.limit = max(1, limit)
        self.keep = max(1, keep)
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        Self.rotate(path, keep: self.keep)
        handle = try Self.create(path)
    }

    deinit {
        try? handle.close()
    }

    /// Appends `line` and a newline, rotating first when the file would pass the limit.
    public func write(_ line: String) {
        let data = Data((line + "\n").utf8)
        if size > 0, size + data.count > limit {
            try? handle.close()
            Self.rotate(path, keep: keep)
            // Logging never stops the flow: if the new file cannot be made, lines are dropped.
            guard let fresh = try? Self.create(path) else { return }
            handle = fresh
            size = 0
        }
        handle.write(data)
        size += data.count
    }

    /// The files of this log that exist now, current first.
    public var files: [String] {
        ([path] + (1...keep).map { "\(path).\($0)" }).filter { FileManager.default.fileExists(atPath: $0) }
    }

    private static func rotate(_ path: String, keep: Int) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return }
        try? manager.removeItem(atPath: "\(path).\(keep)")
        for index in stride(from: keep - 1, through: 1, by: -1) where manager.fileExists(atPath: "\(path).\(index)") {
            try? manager.moveItem(atPath: "\(path).\(index)", toPath: "\(path).\(index + 1)")
        }
        try? manager.moveItem(atPath: path, toPath: "\(path).1")
    }

    private static func create(_ path: String) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        return handle
    }
}
