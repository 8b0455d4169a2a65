/// A file problem together with the file and what it was for: the one line a user reads.
///
/// `"template file t.iso is a directory, not a regular file"`,
/// `"output file out/a.png cannot be created: its folder out does not exist"`.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the file is to the command: "template file", "log file", "output file".
    public let role: String
    /// The path as the user gave it.
    public let path: String
    /// What is wrong with it.
    public let problem: FileProblem

    public init(_ role: String, _ path: String, _ problem: FileProblem) {
        self.role = role
        self.path = path
        self.problem = problem
    }

    public var description: String {
        "\(role) \(path) \(problem)"
    }
}
