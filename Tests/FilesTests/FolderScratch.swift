import Foundation

/// A private scratch folder, removed on release.
final class FolderScratch {
    let path: String

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pbtool-files-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Every name in the folder, hidden ones included.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }
}
