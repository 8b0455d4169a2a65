import Files
import Foundation
import Testing

@Suite struct InputFileTests {
    @Test func readsARegularFileWhole() throws {
        let scratch = try FolderScratch()
        let path = try scratch.write("t.iso", "template")
        #expect(try InputFile.read(path, role: "template file", limit: 100) == Array("template".utf8))
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        let scratch = try FolderScratch()
        #expect(throws: FileError("template file", scratch.path, .wrongKind(.directory))) {
            try InputFile.read(scratch.path, role: "template file", limit: 100)
        }
        let message = String(describing: FileError("template file", scratch.path, .wrongKind(.directory)))
        #expect(message == "template file \(scratch.path) is a directory, not a regular file")
    }

    @Test func aMissingFileIsNamedAsMissing() throws {
        let scratch = try FolderScratch()
        #expect(throws: FileError("template file", scratch.file("none"), .missing)) {
            try InputFile.read(scratch.file("none"), role: "template file", limit: 100)
        }
    }

    @Test func emptyAndEndlessFilesAreRefused() throws {
        let scratch = try FolderScratch()
        let empty = try scratch.write("empty", "")
        #expect(throws: FileError("key", empty, .empty)) { try InputFile.read(empty, role: "key", limit: 100) }
        #expect(throws: FileError("key", "/dev/zero", .tooLarge(limit: 100))) {
            try InputFile.read("/dev/zero", role: "key", limit: 100)
        }
    }

    @Test func textMustBeUTF8() throws {
        let scratch = try FolderScratch()
        let path = scratch.file("latin1")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError("configuration file", path, .notText)) {
            try InputFile.text(path, role: "configuration file", limit: 100)
        }
    }
}
