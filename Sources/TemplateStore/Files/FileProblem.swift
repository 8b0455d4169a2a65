import Glibc

/// Why a file or directory was refused, or could not be used.
public enum FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case missing
    case symbolicLink
    case notARegularFile
    case notADirectory
    case ownedByAnotherUser(uid: UInt32)
    /// Group or other users have permissions on it (mode shown in octal).
    case accessibleToOthers(mode: UInt32)
    case alreadyExists
    /// A system call failed with this errno.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .missing: "does not exist"
        case .symbolicLink: "is a symbolic link (refused: it could point anywhere)"
        case .notARegularFile: "is not a regular file"
        case .notADirectory: "is not a directory"
        case .ownedByAnotherUser(let uid): "is owned by uid \(uid), not by the current user"
        case .accessibleToOthers(let mode):
            "has mode \(String(mode, radix: 8)); group and others must have no access (chmod go= it)"
        case .alreadyExists: "already exists"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
