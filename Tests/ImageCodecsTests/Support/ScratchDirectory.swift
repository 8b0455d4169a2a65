import Foundation

/// A fresh temporary directory for files exchanged with command-line tools; ``remove()`` deletes it.
struct ScratchDirectory {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
