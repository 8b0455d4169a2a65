import Glibc

/// Lists a folder a user named (a data set, a folder of images), with problems as ``FileError``s.
public enum InputFolder {
    /// The names in `path` (not `.` and `..`), sorted; a symlink to a folder is followed.
    public static func names(_ path: String, role: String) throws(FileError) -> [String] {
        do throws(FileProblem) {
            guard let status = try FileStatus.following(path) else { throw .missing }
            guard status.kind == .directory else { throw .notADirectory }
            guard let stream = opendir(path) else { throw .from(errno: errno, call: "open") }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { names.append(name) }
            }
            return names.sorted()
        } catch {
            throw FileError(role, path, error)
        }
    }
}
