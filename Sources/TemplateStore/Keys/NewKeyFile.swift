import Files

/// A key file about to be made for a new key slot: the random key exists in memory and in a
/// hidden temporary file beside `path`, and the file takes its name only around the store
/// change that needs it, so a refused `db init` or `rotate-key` leaves no key file that
/// unlocks nothing (and would block the retry).
public final class NewKeyFile {
    /// The secret the new slot is made for.
    public let secret: KeySecret
    /// Where the key file goes.
    public var path: String { output.path }
    private let output: OutputFile

    /// Draws the key and stages the file; refuses a path where something already is.
    public init(path: String) throws {
        let (key, file) = try KeyFile.stage(path)
        secret = KeySecret(kind: .keyFile, origin: path, material: key)
        output = file
    }

    /// Gives the key file its name (synced to disk), then runs `body`, which changes the store;
    /// when `body` throws, the key file is removed again.
    ///
    /// The file is in place before the store commits: a crash in between leaves a key file the
    /// store does not know (harmless), never a store only an unwritten key unlocks.
    public func installed<Result>(while body: () throws -> Result) throws -> Result {
        do {
            return try output.committed(while: body)
        } catch let error as FileError where error.path == path {
            throw UnlockError.keyFile(path: path, problem: error.problem)
        }
    }
}
