import Foundation

/// A fresh temporary directory for a test's files (exchanged with command-line tools, card state
/// files); ``remove()`` deletes it.
public struct ScratchDirectory {
    public let url: URL

    public init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    public func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}
