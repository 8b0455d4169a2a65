import APDUScript
import Foundation
import Testing

/// The loader `pbtool apdu run` reads scripts with: every unreadable path is named with why.
@Suite struct ScriptLoaderFileSystemTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func aUTF8ScriptLoads() throws {
        let path = try write("ok.apdu", Data("# Prüfung\n00 A4 04 00 02 3F 00 =9000\n".utf8))
        let script = try ScriptLoader.fileSystem.load(path)
        #expect(script.statements.count == 1)
    }

    @Test func aMissingFileIsNamed() {
        let path = folder.appendingPathComponent("none.apdu").path
        #expect(throws: ScriptLoadError(path: path, reason: "no such file")) {
            try ScriptLoader.fileSystem.load(path)
        }
    }

    @Test func aFolderIsNotAScript() {
        #expect(throws: ScriptLoadError(path: folder.path, reason: "a folder, not a script file")) {
            try ScriptLoader.fileSystem.load(folder.path)
        }
    }

    @Test func latin1TextIsNotUTF8() throws {
        let path = try write("latin1.apdu", Data([0x23, 0x20, 0x50, 0x72, 0xFC, 0x66, 0x75, 0x6E, 0x67, 0x0A]))
        #expect(throws: ScriptLoadError(path: path, reason: "not UTF-8 text")) {
            try ScriptLoader.fileSystem.load(path)
        }
    }

    @Test func anIncludedFolderIsNamedAtTheInclude() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let path = try write("main.apdu", Data("include \"sub\"\n".utf8))
        do {
            _ = try ScriptLoader.fileSystem.load(path)
            Issue.record("a folder was included")
        } catch let error as ScriptSyntaxError {
            #expect(error.message.contains("cannot read included file"))
            #expect(error.message.contains("a folder, not a script file"))
            #expect(error.location.line == 1)
        }
    }

    private func write(_ name: String, _ bytes: Data) throws -> String {
        let url = folder.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }
}
