import Foundation
import Testing
@testable import TemplateStore

/// What a thief who copies the store files (without a key) finds in them: no template byte
/// sequence and no user name, in the database or its write-ahead log, open or closed.
@Suite struct AtRestTests {
    /// A run of bytes no SQLite page, key or header holds by chance.
    private static let marker: [UInt8] = Array("PBTOOL-TEMPLATE-MARKER".utf8)

    @Test func templatesAndNamesAreNeverInTheFilesInClear() throws {
        let scratch = try Scratch()
        let template = (0..<20).flatMap { _ in Self.marker }
        do {
            let store = try scratch.makeStore()
            let user = try store.addUser(named: "Zebediah Quartermaine")
            _ = try store.addTemplate(template, user: user.id, finger: .rightIndex, format: .iso)
            // While the store is open the rows may still be only in the -wal file.
            try expectNothingInClear(scratch, template: template)
            #expect(try store.template(user: user.id, finger: .rightIndex, format: .iso)?.bytes.copyBytes() == template)
        }
        try expectNothingInClear(scratch, template: template)
    }

    private func expectNothingInClear(_ scratch: Scratch, template: [UInt8]) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.directory).filter { $0.hasPrefix("templates.db") }
        #expect(files.contains("templates.db"))
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path(file))))
            #expect(!contains(bytes, Self.marker), "template bytes in clear in \(file)")
            #expect(!contains(bytes, Array("Zebediah".utf8)), "a user name in clear in \(file)")
        }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start] == needle[0] && Array(haystack[start..<(start + needle.count)]) == needle
        }
    }
}
