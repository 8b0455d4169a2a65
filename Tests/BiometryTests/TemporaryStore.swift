import Foundation
import TemplateStore
@testable import Biometry

/// A template store in a temporary directory, unlocked with a key file, removed at the end.
final class TemporaryStore {
    let directory: URL
    let database: TemplateDatabase
    let references: HostReferences

    init(engine: RecognitionEngine = TestFingers.engine) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-biometry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let secret = try KeySecret.newKeyFile(at: directory.appendingPathComponent("store.key").path)
        database = try TemplateDatabase.create(at: directory.appendingPathComponent("templates.db").path, secret: secret)
        references = HostReferences(database: database, engine: engine)
    }

    /// A path inside the directory.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
