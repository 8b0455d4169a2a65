import Foundation
import Testing
import TestSupport

/// A command line naming a leaf is parsed at that leaf (Support/LeafFirstParse.swift); what the
/// user sees must not change: help, errors and values stay those of the whole tree.
@Suite struct LeafFirstParseTests {
    @Test func aLeafsHelpShowsItsFullPath() throws {
        let outcome = try PBToolProcess.run(["apdu", "run", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("USAGE: pbtool apdu run"))
    }

    @Test func aLeafsUsageErrorShowsItsFullPath() throws {
        let outcome = try PBToolProcess.run(["apdu", "run", "--no-such-option", "x.apdu"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Unknown option '--no-such-option'"))
        #expect(outcome.standardError.contains("Usage: pbtool apdu run"))
    }

    @Test func aLeafsValidationErrorIsAUsageError() throws {
        let outcome = try PBToolProcess.run(["apdu", "run", "--tap", "--json", "x.apdu"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("choose one of --tap and --json"))
    }

    @Test func aLeafRunsWithItsOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leaf-first-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("one.apdu")
        try Data("00 A4 04 00 02 3F 00 =9000\n".utf8).write(to: script)
        let outcome = try PBToolProcess.run(["apdu", "run", "--dry-run", "--json", script.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\"line\":1"))
    }

    @Test func aGroupWithoutALeafStillListsItsCommands() throws {
        let outcome = try PBToolProcess.run(["apdu"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("USAGE: pbtool apdu <subcommand>"))
        #expect(outcome.standardOutput.contains("SUBCOMMANDS:"))
    }
}
