import Files

/// Whole-file reads and writes through `Files`, with failures as ``ImageFileError``s.
enum FileBytes {
    /// Files larger than this are refused before reading (no fingerprint image comes close).
    static let maxFileSize = 1 << 30

    static func read(_ path: String) throws(ImageFileError) -> [UInt8] {
        do {
            return try InputFile.read(path, role: "image file", limit: maxFileSize)
        } catch {
            throw ImageFileError(path: path, operation: .read, reason: .system(error.problem.description))
        }
    }

    /// Writes through a temporary file beside `path` that replaces it only once complete, so a
    /// failed write never leaves a half-written image behind. Mode 0600: a fingerprint image is
    /// biometric data, as private as an exported template (docs/security.md).
    static func write(_ bytes: [UInt8], to path: String) throws(ImageFileError) {
        let output: OutputFile
        do {
            output = try OutputFile(path, role: "image file", existing: .replace, mode: 0o600)
        } catch {
            throw ImageFileError(path: path, operation: .write, reason: .system(error.problem.description))
        }
        try write(bytes, to: output)
    }

    /// Writes `bytes` into an output made earlier and commits it.
    static func write(_ bytes: [UInt8], to output: OutputFile) throws(ImageFileError) {
        do {
            try output.write(bytes)
            try output.commit()
        } catch {
            throw ImageFileError(path: output.path, operation: .write, reason: .system(error.problem.description))
        }
    }
}
