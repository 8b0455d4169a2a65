import Foundation
import Testing
import VirtualCard

/// The state file: written atomically, loaded at start, damage reported by name.
@Suite struct AppletStateTests {
    private let selectDemo: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID
    private let increment: [UInt8] = [0x80, 0x30, 0x00, 0x00, 0x04]

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theCounterSurvivesARestart() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("card.json")
        do {
            let card = try VirtualCard(applets: [DemoApplet()], stateFile: file)
            _ = card.respond(to: selectDemo)
            #expect(card.respond(to: increment) == [0, 0, 0, 1, 0x90, 0x00])
            #expect(card.respond(to: increment) == [0, 0, 0, 2, 0x90, 0x00])
        }
        let restarted = try VirtualCard(applets: [DemoApplet()], stateFile: file)
        _ = restarted.respond(to: selectDemo)
        #expect(restarted.respond(to: increment) == [0, 0, 0, 3, 0x90, 0x00])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["card.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func keepsStateOfAppletsTheCardDoesNotHold() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("card.json")
        let foreign = #"{"format":"pbtool-virtual-card-state","version":1,"applets":{"A000000084":"AQID"}}"#
        try Data(foreign.utf8).write(to: file)
        let card = try VirtualCard(applets: [DemoApplet()], stateFile: file)
        _ = card.respond(to: selectDemo)
        _ = card.respond(to: increment)
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("A000000084"))
        #expect(saved.contains("F07062746F6F6C01"))
    }

    @Test(arguments: [
        ("not json", "damaged"),
        (#"{"format":"something else","version":1,"applets":{}}"#, "damaged"),
        (#"{"format":"pbtool-virtual-card-state","version":7,"applets":{}}"#, "version 7"),
        (#"{"format":"pbtool-virtual-card-state","version":1,"applets":{"F07062746F6F6C01":"AQI="}}"#, "refused"),
        ("", "damaged"),
    ])
    func reportsDamagedStateFilesByName(contents: String, expected: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("card.json")
        try Data(contents.utf8).write(to: file)
        do {
            _ = try VirtualCard(applets: [DemoApplet()], stateFile: file)
            Issue.record("a damaged state file was accepted")
        } catch let error as VirtualCardError {
            #expect(error.description.contains(file.path))
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    /// A state the card could not save is refused before the card answers anything (issue 24),
    /// instead of answering `9000` and losing the change.
    @Test func aStateFileInAMissingDirectoryIsRefusedAtTheStart() throws {
        let file = URL(fileURLWithPath: "/nonexistent-pbtool-dir/card.json")
        #expect(throws: VirtualCardError.stateFileUnwritable(
            path: file.path, reason: "cannot be created: there is no folder /nonexistent-pbtool-dir")) {
            _ = try VirtualCard(applets: [DemoApplet()], stateFile: file)
        }
    }
}
