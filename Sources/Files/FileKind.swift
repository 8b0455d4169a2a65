import Glibc

/// What a path names, from `lstat` or `fstat`.
public enum FileKind: String, Sendable, Hashable {
    case regular
    case directory
    case symbolicLink
    case characterDevice
    case blockDevice
    case namedPipe
    case socket

    /// The kind of the mode bits `st_mode & S_IFMT`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        default: self = .regular
        }
    }

    /// "a directory", "a character device", for messages.
    public var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .namedPipe: "a named pipe"
        case .socket: "a socket"
        }
    }
}
