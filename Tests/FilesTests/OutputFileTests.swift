import Files
import Foundation
import Testing

@Suite struct OutputFileTests {
    @Test func nothingAppearsUntilTheCommitAndThenTheWholeFile() throws {
        let scratch = try FolderScratch()
        let output = try OutputFile(scratch.file("out.json"))
        try output.write(Array("{}\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.json")))
        try output.commit()
        #expect(scratch.contents("out.json") == "{}\n")
        #expect(scratch.names == ["out.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: scratch.file("out.json"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func anOutputNeverCommittedLeavesNothing() throws {
        let scratch = try FolderScratch()
        do {
            let output = try OutputFile(scratch.file("out.png"))
            try output.write([1, 2, 3])
        }
        #expect(scratch.names.isEmpty)
    }

    @Test func anExistingFileIsKeptUnlessReplacingIsAsked() throws {
        let scratch = try FolderScratch()
        let path = try scratch.write("out.iso", "old")
        #expect(throws: FileError("output file", path, .alreadyExists)) { try OutputFile(path) }
        let replacing = try OutputFile(path, existing: .replace)
        try replacing.write(Array("new".utf8))
        #expect(scratch.contents("out.iso") == "old")
        try replacing.commit()
        #expect(scratch.contents("out.iso") == "new")
        #expect(scratch.names == ["out.iso"])
    }

    @Test func directoriesSymlinksAndDevicesAreNeverReplaced() throws {
        let scratch = try FolderScratch()
        try FileManager.default.createDirectory(atPath: scratch.file("dir"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link"), withDestinationPath: "/etc/passwd")
        // A named pipe stands for every special file: renaming over /dev/null as root would
        // have turned the device into a regular file (what `image convert x /dev/null` did).
        #expect(mkfifo(scratch.file("fifo"), 0o600) == 0)
        for (path, problem) in [(scratch.file("dir"), FileProblem.wrongKind(.directory)), (scratch.file("link"), .symbolicLink),
                                (scratch.file("fifo"), .wrongKind(.namedPipe)), (scratch.path + "/", .wrongKind(.directory))] {
            #expect(throws: FileError("output file", path, problem)) { try OutputFile(path, existing: .replace) }
        }
        #expect(scratch.names == ["dir", "fifo", "link"])
    }

    @Test func aMissingFolderIsNamedBeforeAnyWork() throws {
        let scratch = try FolderScratch()
        let path = scratch.file("missing/out.png")
        #expect(throws: FileError("output file", path, .missingFolder(scratch.file("missing")))) { try OutputFile(path) }
    }

    @Test func aRacerThatTakesTheNameFirstIsNotOverwritten() throws {
        let scratch = try FolderScratch()
        let output = try OutputFile(scratch.file("key"))
        try output.write(Array("mine".utf8))
        _ = try scratch.write("key", "theirs")
        #expect(throws: FileError("output file", scratch.file("key"), .alreadyExists)) { try output.commit() }
        #expect(scratch.contents("key") == "theirs")
        #expect(scratch.names == ["key"])
    }

    @Test func aFailedStepAfterTheCommitTakesTheFileBackOut() throws {
        struct Refused: Error {}
        let scratch = try FolderScratch()
        let output = try OutputFile(scratch.file("store.key"), role: "key file")
        try output.write(Array("key".utf8))
        #expect(throws: Refused.self) {
            try output.committed { () throws -> Void in
                #expect(scratch.contents("store.key") == "key")
                throw Refused()
            }
        }
        #expect(scratch.names.isEmpty)
    }

    @Test func anOutputFolderIsMadeOrRefusedWhenItIsAFile() throws {
        let scratch = try FolderScratch()
        try OutputFolder.prepare(scratch.file("a/b/c"))
        #expect((try FileStatus.of(scratch.file("a/b/c")))?.kind == .directory)
        let file = try scratch.write("plain", "x")
        #expect(throws: FileError("output folder", file, .notADirectory)) { try OutputFolder.prepare(file) }
        #expect(throws: FileError("output folder", file + "/sub", .missingFolder(file))) {
            try OutputFolder.prepare(file + "/sub")
        }
    }
}
