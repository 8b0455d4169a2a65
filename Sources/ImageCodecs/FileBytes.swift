#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes with POSIX calls, so failures carry `strerror` text.
enum FileBytes {
    /// Files larger than this are refused before reading (no fingerprint image comes close).
    static let maxFileSize = 1 << 30

    static func read(_ path: String) throws(ImageFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, .read) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, .read) }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw ImageFileError(path: path, operation: .read, reason: .system("is a directory"))
        }
        guard status.st_size <= maxFileSize else {
            throw ImageFileError(path: path, operation: .read, reason: .system("file of \(status.st_size) bytes is too large"))
        }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure(path, .read) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maxFileSize else {
                throw ImageFileError(path: path, operation: .read, reason: .system("file is too large"))
            }
        }
    }

    /// Writes through a temporary file in the same directory and renames it over `path`, so a failed
    /// write never leaves a half-written image behind. Mode 0600: a fingerprint image is biometric
    /// data, as private as an exported template (docs/security.md).
    static func write(_ bytes: [UInt8], to path: String) throws(ImageFileError) {
        let temporary = path + ".pbtool-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path, .write) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure(path, .write)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let error = failure(path, .write)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ path: String, _ operation: ImageFileError.Operation) -> ImageFileError {
        ImageFileError(path: path, operation: operation, reason: .system(String(cString: strerror(errno))))
    }
}
