import Glibc

/// Reads a file a user named, whole, with every problem reported as a ``FileError`` naming it.
///
/// Regular files, pipes (`<(command)`) and character devices are read; a directory is refused,
/// and reading stops past `limit` bytes (so `/dev/zero` or a huge file is refused, not read).
public enum InputFile {
    /// The file's bytes; refused when it is empty, larger than `limit`, or not a file.
    public static func read(_ path: String, role: String, limit: Int) throws(FileError) -> [UInt8] {
        do throws(FileProblem) {
            let bytes = try contents(of: path, limit: limit)
            guard !bytes.isEmpty else { throw FileProblem.empty }
            return bytes
        } catch {
            throw FileError(role, path, error)
        }
    }

    /// The file's text (UTF-8); refused as ``read(_:role:limit:)`` does, or when it is not UTF-8.
    public static func text(_ path: String, role: String, limit: Int) throws(FileError) -> String {
        let bytes = try read(path, role: role, limit: limit)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw FileError(role, path, .notText) }
        return text
    }

    private static func contents(of path: String, limit: Int) throws(FileProblem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileProblem.from(errno: errno, call: "open") }
        defer { close(descriptor) }
        let status = try FileStatus.of(descriptor: descriptor)
        guard status.kind != .directory, status.kind != .blockDevice else { throw FileProblem.wrongKind(status.kind) }
        guard status.size <= limit else { throw FileProblem.tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileProblem.from(errno: errno, call: "read") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw FileProblem.tooLarge(limit: limit) }
        }
    }
}
