/// A file that could not be read or written as an image, with its path and the reason.
public struct ImageFileError: Error, CustomStringConvertible {
    /// What was being done to the file.
    public enum Operation: String, Sendable {
        case read
        case write
    }

    /// What went wrong.
    public enum Reason: Sendable, CustomStringConvertible {
        /// The operating system refused (no such file, permission denied, disk full, …).
        case system(String)
        /// The bytes were not a valid image of a supported kind, or the image could not be encoded.
        case codec(ImageCodecError)
        /// A codec in another module failed with its own error (the WSQ codec's, for example).
        case other(any Error)
        /// No format could be chosen for writing: the extension is unknown and none was given.
        case unknownOutputFormat(String)

        /// The reason as a user reads it.
        public var description: String {
            switch self {
            case .system(let text): text
            case .codec(let error): error.description
            case .other(let error): String(describing: error)
            case .unknownOutputFormat(let name):
                "cannot tell the format from '\(name)'; use an extension (\(ImageFormat.extensions)) or --format"
            }
        }
    }

    /// The file as the caller named it.
    public let path: String
    public let operation: Operation
    public let reason: Reason

    /// An error about `path`.
    public init(path: String, operation: Operation, reason: Reason) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// "cannot read scan.tif: corrupt TIFF file: …".
    public var description: String { "cannot \(operation.rawValue) \(path): \(reason)" }
}
