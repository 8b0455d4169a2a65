import Foundation
import Testing
import TestSupport

/// The sweep of docs/robustness.md as a test: every command that takes a file, a folder or an
/// output path, given each kind of wrong path. Each run ends with its documented code (2 for
/// the user's paths, 9 for a store that cannot be used), one line on standard error naming the
/// path, never exit 70, a signal or a raw Foundation or SQLite message, and nothing left behind.
@Suite struct InputSweepTests {
    /// A scratch folder with one of each kind of path.
    final class Paths {
        let scratch: DBTestStore
        let dir, emptyFile, latin1, link, pipe, image, template, missing: String

        init() throws {
            scratch = try DBTestStore()
            dir = scratch.path("dir")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
            emptyFile = try scratch.write("empty", [])
            latin1 = try scratch.write("latin1", [0x63, 0x61, 0x66, 0xE9])
            link = scratch.path("link")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/passwd")
            pipe = scratch.path("pipe")
            guard mkfifo(pipe, 0o600) == 0 else { throw POSIXError(.EIO) }
            image = try scratch.write("finger.pgm", Array("P5 2 2 255\n".utf8) + [0, 255, 255, 0])
            template = try scratch.write("t.iso", templateBytes(1))
            missing = scratch.path("no/such")
            // The same kinds with an image extension, for outputs whose format is the extension.
            try FileManager.default.createDirectory(atPath: dir + ".png", withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: link + ".png", withDestinationPath: "/etc/passwd")
            guard mkfifo(pipe + ".png", 0o600) == 0 else { throw POSIXError(.EIO) }
            _ = try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key])
            _ = try scratch.db("add", ["--user", "alice", "--finger", "right-index", template])
        }

        var store: [String] { ["--db", scratch.store, "--key-file", scratch.key] }
    }

    static let conformanceScript = SharedData.repositoryRoot.appendingPathComponent("apdu-scripts/bio-1-biomanager.apdu").path

    static func runs(_ p: Paths) -> [(arguments: [String], status: Int32)] {
        let admin = ["--admin-key", "00112233445566778899AABBCCDDEEFF"]
        let sensor = ["--sensor", "sim:synthetic:1"]
        let flow = sensor + p.store
        var runs: [([String], Int32)] = []
        for bad in [p.dir, p.emptyFile, p.missing] {
            runs += [(["card", "verify", "--finger", "right-index", "--template", bad], 2),
                     (["template", "info", bad], 2), (["template", "match", bad, p.template], 2),
                     (["template", "extract", bad, "--format", "iso", "--out", p.scratch.path("x.iso")], 2),
                     (["image", "info", bad], 2), (["image", "convert", bad, p.scratch.path("x.png")], 2),
                     (["db", "add"] + p.store + ["--user", "bob", "--finger", "right-index", bad], 2),
                     (["idstore", "put", "x", "--from", bad, "--access", "anyone"] + admin, 2),
                     (["export", "--capture", "--encrypt-to", bad, "--out", p.scratch.path("p.json")] + sensor, 2),
                     (["bench", "speed", "--dataset", bad], 2),
                     (["db", "users", "--db", bad, "--key-file", p.scratch.key], 9)]
        }
        // An empty configuration file is valid (hooks off), so only these two.
        for bad in [p.dir, p.missing] {
            runs += [(["verify", "--config", bad] + flow, 2)]
        }
        for bad in [p.dir, p.link, p.pipe, p.missing] {
            runs += [(["db", "export"] + p.store + ["--user", "alice", "--finger", "right-index", "--out", bad, "--force"], 2),
                     (["db", "backup"] + p.store + [bad], 2), (["image", "convert", p.image, bad, "--format", "png"], 2),
                     (["template", "extract", p.image, "--format", "iso", "--out", bad], 2),
                     (["idstore", "get", "x", "--out", bad], 2), (["apdu", "import", p.scratch.path("t.iso"), "--out", bad], 2),
                     (["sensor", "capture", "--sensor", "sim:synthetic:1", "--out", bad + ".png"], 2),
                     (["export", "--capture", "--encrypt-to", p.template, "--out", bad] + sensor, 2)]
        }
        for bad in [p.dir, p.link, p.pipe] {
            runs += [(["practice", "--sensor", "sim:synthetic:1", "--log-file", bad], 2),
                     (["apdu", "run", "--emulate", Self.conformanceScript, "--junit", bad], 2)]
        }
        // A symlink to read is followed (/etc/passwd then fails as a script, with its source line).
        for bad in [p.dir, p.pipe] {
            runs += [(["apdu", "import", bad], 2)]
        }
        for bad in [p.emptyFile, p.link, p.pipe] {
            runs += [(["synth", "--out", bad, "--fingers", "1", "--impressions", "1"], 2),
                     (["template", "extract", p.image, "--format", "iso", "--out", p.scratch.path("y.iso"), "--dump-steps", bad], 2),
                     (["db", "init", "--db", p.scratch.path("s2/t.db"), "--key-file", bad], 2),
                     (["db", "rotate-key"] + p.store + ["--new-key-file", bad], 2)]
        }
        runs += [(["db", "add"] + p.store + ["--user", "bob", "--finger", "right-index", p.latin1], 2),
                 (["verify", "--config", p.latin1] + flow, 2), (["apdu", "run", p.latin1], 2)]
        return runs
    }

    @Test func everyWrongPathEndsInOneLineWithItsCodeAndLeavesNothing() throws {
        let paths = try Paths()
        let before = paths.scratch.names
        for (arguments, status) in Self.runs(paths) {
            let outcome = try PBToolProcess.run(arguments)
            let said = "pbtool \(arguments.joined(separator: " ")): \(outcome.status) \(outcome.standardError)"
            #expect(outcome.status == status, "\(said)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(said)")
            for raw in ["NSCocoaErrorDomain", "Error Domain=", "SQLite error", "Fatal error", "The operation could not"] {
                #expect(!outcome.standardError.contains(raw), "\(said)")
            }
        }
        #expect(paths.scratch.names == before, "left behind: \(Set(paths.scratch.names).subtracting(before))")
        for pipe in [paths.pipe, paths.pipe + ".png"] {
            var info = stat()
            #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "\(pipe) is no longer a named pipe")
        }
    }
}
