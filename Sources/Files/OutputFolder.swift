import Glibc

/// A folder a command writes several files into (`synth --out`, `--frames-dir`, `--dump-steps`):
/// created with its parents when missing, refused when the path is something else.
public enum OutputFolder {
    /// Makes sure `path` is a folder (a symlink to one is fine: the user named it), creating it
    /// and its missing parents with `mode`.
    public static func prepare(_ path: String, role: String = "output folder", mode: mode_t = 0o755) throws(FileError) {
        do throws(FileProblem) {
            try make(path, mode: mode)
        } catch {
            throw FileError(role, path, error)
        }
    }

    private static func make(_ path: String, mode: mode_t) throws(FileProblem) {
        guard !path.isEmpty else { throw FileProblem.missing }
        let components = path.split(separator: "/")
        var prefix = path.hasPrefix("/") ? "" : "."
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            if let status = try FileStatus.following(prefix) {
                guard status.kind == .directory else {
                    throw index == components.count - 1 ? FileProblem.notADirectory : FileProblem.missingFolder(prefix)
                }
                continue
            }
            guard mkdir(prefix, mode) == 0 || errno == EEXIST else { throw FileProblem.from(errno: errno, call: "mkdir") }
        }
    }
}
