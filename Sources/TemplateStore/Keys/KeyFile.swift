import Files
import Glibc

/// Private key files: 32 random bytes stored as 64 hex digits, mode 0600.
enum KeyFile {
    /// Longest key file read; anything bigger is not a key file.
    static let sizeLimit = 4096

    static func read(_ path: String) throws -> SecretBytes {
        do {
            guard try PrivateFiles.checkFile(path) == .present else { throw FileProblem.missing }
        } catch let problem as FileProblem {
            throw UnlockError.keyFile(path: path, problem: problem)
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw UnlockError.keyFile(path: path, problem: .system(call: "open", errno: errno)) }
        defer { close(descriptor) }
        // Check the opened file itself too: the path could have been swapped after lstat.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw UnlockError.keyFile(path: path, problem: .system(call: "fstat", errno: errno)) }
        guard info.st_uid == geteuid() else { throw UnlockError.keyFile(path: path, problem: .ownedByAnotherUser(uid: info.st_uid)) }
        guard info.st_mode & 0o077 == 0 else {
            throw UnlockError.keyFile(path: path, problem: .accessibleToOthers(mode: info.st_mode & 0o7777))
        }
        let contents = SecretBytes(count: sizeLimit + 1)
        var total = 0
        while total <= sizeLimit {
            let count = Glibc.read(descriptor, contents.pointer + total, sizeLimit + 1 - total)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw UnlockError.keyFile(path: path, problem: .system(call: "read", errno: errno)) }
            if count == 0 { break }
            total += count
        }
        guard total <= sizeLimit else { throw UnlockError.malformedKey(origin: "key file \(path)") }
        contents.shrink(to: total)
        return try KeyMaterial.parse(contents, origin: "key file \(path)")
    }

    /// A new random key, staged in a hidden temporary file beside `path` (mode 0600) that
    /// takes its name when the output is committed.
    static func stage(_ path: String) throws -> (key: SecretBytes, file: OutputFile) {
        let key = try SecretBytes.random(count: KeyMaterial.keyLength)
        let text = KeyMaterial.hexText(key)
        do {
            let file = try OutputFile(path, role: "key file", existing: .refuse, mode: 0o600)
            try text.withUnsafeBytes { try file.write($0) }
            return (key, file)
        } catch let error as FileError {
            throw UnlockError.keyFile(path: path, problem: error.problem)
        }
    }
}
