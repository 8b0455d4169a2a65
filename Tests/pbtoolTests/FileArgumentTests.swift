import Foundation
import Testing
import TestSupport

/// Paths a user gets wrong: a directory, a symlink or a device where a file is meant, a folder
/// that does not exist, a file that is there already. One line naming the path, exit 2, and
/// nothing moved, removed or half-written.
@Suite struct FileArgumentTests {
    /// `--log-file some/dir` renamed the directory to `dir.1`; later runs rotated it away and
    /// deleted it with its contents.
    @Test func aLogFileThatIsADirectoryIsRefusedAndKept() throws {
        let scratch = try DBTestStore()
        let folder = scratch.path("logs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try scratch.write("logs/keep.txt", Array("precious".utf8))
        for _ in 1...7 {
            let outcome = try PBToolProcess.run(["verify", "--sensor", "sim:synthetic:7", "--log-file", folder,
                                                 "--db", scratch.store, "--key-file", scratch.key])
            #expect(outcome.status == 2, "\(outcome.standardError)")
            #expect(outcome.standardError == "pbtool: log file \(folder) is a directory, not a regular file\n")
        }
        #expect(FileManager.default.contents(atPath: folder + "/keep.txt") == Data("precious".utf8))
        #expect(scratch.names == ["logs"])
    }

    /// Rotation touches only regular files of this user: a symlink, a device or a directory at
    /// any of the rotated names stops the run before anything is renamed.
    @Test func rotationNeverTouchesWhatItDidNotCreate() throws {
        let scratch = try DBTestStore()
        let log = scratch.path("pbtool.log")
        _ = try scratch.write("pbtool.log", Array("run 1\n".utf8))
        try FileManager.default.createDirectory(atPath: log + ".3", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.log"), withDestinationPath: "/etc/passwd")
        // A named pipe stands for a device: a test must never risk /dev/null itself.
        #expect(mkfifo(scratch.path("pipe.log"), 0o600) == 0)
        for (path, problem) in [(log, "pbtool.log.3 is a directory"), (scratch.path("link.log"), "link.log is a symbolic link"),
                                (scratch.path("pipe.log"), "pipe.log is a named pipe")] {
            let outcome = try PBToolProcess.run(["practice", "--sensor", "sim:synthetic:7", "--log-file", path])
            #expect(outcome.status == 2, "\(outcome.standardError)")
            #expect(outcome.standardError.contains(problem), "\(outcome.standardError)")
        }
        #expect(scratch.names == ["link.log", "pbtool.log", "pbtool.log.3", "pipe.log"])
        #expect(FileManager.default.contents(atPath: log) == Data("run 1\n".utf8))
    }

    /// A directory where a file is meant exited 70 or printed "NSCocoaErrorDomain error 256".
    @Test func aDirectoryWhereAFileIsMeantIsNamedInOneLine() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let folder = scratch.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let image = try scratch.write("finger.pgm", Array("P5 2 2 255\n".utf8) + [0, 255, 255, 0])
        let plain = try scratch.write("plain.txt", Array("text".utf8))
        // Images were renamed over whatever was there: as root, `/dev/null` became a regular file.
        // A named pipe shows the same without risking the machine's /dev/null.
        let pipe = scratch.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        let cases: [([String], String)] = [
            (["db", "add", "--db", scratch.store, "--key-file", scratch.key, "--user", "a", "--finger", "right-index", folder],
             "template file \(folder) is a directory"),
            (["template", "info", folder], "template file \(folder) is a directory"),
            (["template", "match", folder, folder], "fingerprint file \(folder) is a directory"),
            (["template", "extract", image, "--format", "iso", "--out", folder], "template file \(folder) is a directory"),
            (["synth", "--out", plain, "--fingers", "1", "--impressions", "1"], "output folder \(plain) is not a directory"),
            (["export", "--capture", "--encrypt-to", folder, "--out", scratch.path("p.json"), "--sensor", "sim:synthetic:5"],
             "backend key \(folder) is a directory"),
            (["image", "convert", folder, scratch.path("o.png")], "cannot read \(folder): is a directory"),
            (["image", "convert", image, folder, "--format", "png"], "cannot write \(folder): is a directory"),
            (["image", "convert", image, pipe, "--format", "png"], "cannot write \(pipe): is a named pipe"),
            (["db", "export", "--db", scratch.store, "--key-file", scratch.key, "--user", "a", "--finger", "right-index",
              "--out", pipe, "--force"], "output file \(pipe) is a named pipe"),
            (["apdu", "run", "--emulate", folder], folder),
            (["idstore", "put", "x", "--from", folder, "--access", "anyone", "--admin-key", "00112233445566778899AABBCCDDEEFF"],
             "data file \(folder) is a directory"),
        ]
        for (arguments, message) in cases {
            let outcome = try PBToolProcess.run(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            #expect(!outcome.standardError.contains("NSCocoaErrorDomain"), "\(arguments)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(arguments): \(outcome.standardError)")
        }
        #expect(scratch.names.filter { $0.hasPrefix(".") }.isEmpty, "\(scratch.names)")
    }

    /// A `--config` file named on the command line was silently ignored when missing.
    @Test func aMissingConfigurationFileThatWasNamedIsAnError() throws {
        let scratch = try DBTestStore()
        let missing = scratch.path("none.toml")
        let outcome = try PBToolProcess.run(["practice", "--sensor", "sim:synthetic:7", "--config", missing])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("configuration \(missing): does not exist"), "\(outcome.standardError)")
    }
}
