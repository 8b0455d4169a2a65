import ArgumentParser
import Foundation
import Glibc
import TemplateStore

/// `pbtool db add`: imports a template file for a user's finger.
struct DBAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Import a template file for a user's finger (the user is created if new).",
        discussion: """
            The file's bytes are stored as they are, sealed; --format only tags them (iso, ansi, compact, host).
            A user has one template per finger and format: use --replace to overwrite it.

            Example:
              pbtool db add --key-file ~/.config/pbtool/store.key --user alice --finger right-index t.iso
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "The user name.")
    var user: String

    @Option(help: "The finger: right-thumb, right-index, right-middle, right-ring, right-little, left-thumb … left-little.")
    var finger: String

    @Option(help: "The template format: iso, ansi, compact or host.")
    var format = "iso"

    @Flag(help: "Replace an existing template for this finger and format.")
    var replace = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Argument(help: ArgumentHelp("The template file.", valueName: "file"))
    var file: String

    struct Output: Encodable {
        let user: String
        let replaced: Bool
        let template: DBOutput.Template
    }

    func run() async throws {
        let position = try DBArguments.finger(finger), kind = try DBArguments.format(format)
        let bytes = try TemplateFileIO.read(file)
        let database = try store.open()
        let (record, replaced) = try database.writeBatch { () throws -> (TemplateRecord, Bool) in
            let owner = try database.user(named: user) ?? database.addUser(named: user)
            if let existing = try database.templateRecords(user: owner.id, finger: position, format: kind).first {
                guard replace else { throw RecordError.duplicateTemplate(user: user, finger: position, format: kind) }
                return (try database.updateTemplate(existing.id, bytes: bytes), true)
            }
            return (try database.addTemplate(bytes, user: owner.id, finger: position, format: kind), false)
        }
        let output = Output(user: user, replaced: replaced, template: DBOutput.Template(record))
        if json { return try JSONOutput.print(output) }
        print("\(replaced ? "Replaced" : "Added") \(position.name) (\(kind.rawValue), \(bytes.count) bytes) for \(user).")
    }
}

/// Reading and writing template files on the command line.
enum TemplateFileIO {
    /// Largest template file read.
    static let limit = 1 << 20

    static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(.usage, "cannot read template file \(path)")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard !data.isEmpty else { throw CommandFailure(.usage, "template file \(path) is empty") }
        guard data.count <= limit else { throw CommandFailure(.usage, "template file \(path) is larger than \(limit) bytes") }
        return [UInt8](data)
    }

    /// Writes a new file with mode 0600 (or standard output for `-`); an existing file is
    /// replaced only when `force` is set, and a symlink never.
    static func write(_ bytes: SecretBytes, to path: String, force: Bool) throws {
        if path == "-" {
            bytes.withUnsafeBytes { _ = Glibc.write(1, $0.baseAddress, $0.count) }
            return
        }
        if force, PrivateFile.exists(path) {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw CommandFailure(.usage, "\(path) is not a regular file; refusing to replace it")
            }
            unlink(path)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "already exists (use --force to replace it)" : String(cString: strerror(errno))
            throw CommandFailure(.usage, "cannot create \(path): \(reason)")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // A half-written file holds part of a decrypted template: remove it (ENOSPC, EIO).
                let reason = written < 0 ? String(cString: strerror(errno)) : "nothing written"
                unlink(path)
                throw CommandFailure(.store, "cannot write \(path): \(reason); nothing was left behind")
            }
            offset += written
        }
    }
}
