import Files
import Glibc

/// Where a command writes its result: a file that appears complete or not at all, or standard
/// output for `-`. Made before the command's work (swipes, card commands, decryption), so a bad
/// path is refused before it costs the user anything.
enum CommandOutput {
    case standardOutput
    case file(OutputFile)

    /// `-` is standard output; a file is replaced only with `force`, and never when it is a
    /// directory, a device or a symlink. `mode` 0600 for anything biometric or secret.
    init(_ path: String, force: Bool, role: String = "output file", mode: mode_t = 0o600) throws {
        if path == "-" {
            self = .standardOutput
        } else {
            self = .file(try Self.file(path, force: force, role: role, mode: mode))
        }
    }

    private static func file(_ path: String, force: Bool, role: String, mode: mode_t) throws -> OutputFile {
        let existing: OutputFile.Existing = force ? .replace : .refuse
        let result = Result { () throws(FileError) -> OutputFile in try OutputFile(path, role: role, existing: existing, mode: mode) }
        if case .failure(let error) = result, error.problem == .alreadyExists {
            throw CommandFailure(.usage, "\(error) (use --force to replace it)")
        }
        return try result.get()
    }

    /// The same for an optional path: nil when none was given.
    static func optional(_ path: String?, force: Bool, role: String = "output file", mode: mode_t = 0o600) throws -> CommandOutput? {
        try path.map { try CommandOutput($0, force: force, role: role, mode: mode) }
    }

    /// Writes `bytes` and, for a file, commits it.
    func deliver(_ bytes: UnsafeRawBufferPointer) throws {
        switch self {
        case .standardOutput:
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw CommandFailure(.usage, "cannot write to standard output: \(String(cString: strerror(errno)))") }
                offset += count
            }
        case .file(let file):
            try file.write(bytes)
            try file.commit()
        }
    }

    /// Writes `bytes` and, for a file, commits it.
    func deliver(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try deliver($0) }
    }

    /// Writes `text` and, for a file, commits it.
    func deliver(_ text: String) throws {
        try deliver(Array(text.utf8))
    }

    /// Whether the result goes to standard output (so nothing else may be printed there).
    var isStandardOutput: Bool {
        if case .standardOutput = self { return true }
        return false
    }
}
