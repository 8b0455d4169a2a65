import Files
/// The store file could not be used: what happened, and which file. Data is never changed
/// when one of these is thrown.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// No store at this path (run `pbtool db init`).
    case notFound(path: String)
    /// `create` found a file already there.
    case alreadyExists(path: String)
    /// The file, a directory or a sidecar file failed the ownership/permission/symlink checks.
    case unsafeFile(path: String, problem: FileProblem)
    /// An SQLite file, but not a template store (different `application_id`).
    case notAStore(path: String)
    /// SQLite reports the file damaged, or it is not an SQLite file at all.
    case corrupt(path: String, detail: String)
    /// The schema (`user_version`) or row format is newer than this build understands.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// Another process held the write lock for the whole busy timeout.
    case locked(path: String, waited: Duration)
    /// The file or its folder cannot be written (a read-only file system, an immutable file, no
    /// write permission); read commands still work.
    case readOnly(path: String)
    /// The disk (or a size limit) is full; the transaction was rolled back.
    case diskFull(path: String)
    /// Another writer changed the row since it was read (optimistic version check).
    case concurrentUpdate(path: String)
    /// Any other SQLite failure.
    case sqlite(path: String, SQLiteError)
    /// An OpenSSL call failed for a reason other than a wrong key or a failed tag.
    case crypto(OpenSSLError)

    public var description: String {
        switch self {
        case .notFound(let path): "no template store at \(path) (create one with `pbtool db init`)"
        case .alreadyExists(let path): "\(path) already exists; refusing to overwrite it"
        case .unsafeFile(let path, let problem): "\(path) \(problem)"
        case .notAStore(let path): "\(path) is an SQLite file but not a pbtool template store"
        case .corrupt(let path, let detail):
            "\(path) is damaged (\(detail)); nothing was changed — restore it from a backup (`pbtool db backup`)"
        case .unsupportedVersion(let path, let found, let supported):
            "\(path) has format version \(found), but this pbtool understands up to \(supported); use a newer pbtool"
        case .locked(let path, let waited):
            "\(path) is locked by another process (waited \(waited)); try again when it has finished"
        case .readOnly(let path):
            "\(path) cannot be written (a read-only file system, an immutable file or folder, or no write permission); "
                + "nothing was changed — commands that only read it still work"
        case .diskFull(let path): "disk full while writing \(path); the change was rolled back and the store is intact"
        case .concurrentUpdate(let path): "another process changed the same row in \(path); read it again and retry"
        case .sqlite(let path, let error): "\(path): \(error)"
        case .crypto(let error): "cryptography failed: \(error)"
        }
    }
}
