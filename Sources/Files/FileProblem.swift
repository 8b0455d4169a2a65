import Glibc

/// Why a file or directory was refused, or could not be used. Each description is a predicate
/// that reads after the path: "out.png is a directory".
public enum FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case missing
    case symbolicLink
    /// Something other than a regular file where one was expected (a directory, a device…).
    case wrongKind(FileKind)
    case notADirectory
    /// The folder the file would be created in does not exist (or is not a folder).
    case missingFolder(String)
    case ownedByAnotherUser(uid: UInt32)
    /// Group or other users have permissions on it (mode shown in octal).
    case accessibleToOthers(mode: UInt32)
    case alreadyExists
    /// Larger than the most that is read for this purpose.
    case tooLarge(limit: Int)
    case empty
    /// Not UTF-8 text where text was expected.
    case notText
    /// A system call failed with this errno.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .missing: "does not exist"
        case .symbolicLink: "is a symbolic link (refused: it could point anywhere)"
        case .wrongKind(let kind): "is \(kind.phrase), not a regular file"
        case .notADirectory: "is not a directory"
        case .missingFolder(let folder): "cannot be created: there is no folder \(folder)"
        case .ownedByAnotherUser(let uid): "is owned by uid \(uid), not by the current user"
        case .accessibleToOthers(let mode):
            "has mode \(String(mode, radix: 8)); group and others must have no access (chmod go= it)"
        case .alreadyExists: "already exists"
        case .tooLarge(let limit): "is larger than \(limit) bytes"
        case .empty: "is empty"
        case .notText: "is not UTF-8 text"
        case .system(let call, let code): "cannot be \(Self.participle(call)): \(Self.reason(code))"
        }
    }

    /// The problem `errno` describes for `call`, with the common ones named as problems.
    public static func from(errno code: Int32, call: String) -> FileProblem {
        switch code {
        case ENOENT: .missing
        case EISDIR: .wrongKind(.directory)
        case ELOOP: .symbolicLink
        case ENOTDIR: .notADirectory
        case EEXIST: .alreadyExists
        default: .system(call: call, errno: code)
        }
    }

    /// `strerror` with a lowercase start, to read inside a sentence.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first, !text.hasPrefix("I/O") else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func participle(_ call: String) -> String {
        let verb = call.split(separator: " ").first.map(String.init) ?? call
        return ["open": "opened", "read": "read", "write": "written", "create": "created", "rename": "renamed",
                "link": "linked", "fsync": "synced", "lstat": "examined", "stat": "examined", "fstat": "examined",
                "mkdir": "created", "unlink": "removed"][verb] ?? "used (\(call))"
    }
}
