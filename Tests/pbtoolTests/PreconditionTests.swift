import Foundation
import Testing
import TestSupport

/// Everything that can be checked before the first swipe or card command is: a bad output path,
/// a finger that is not enrolled. The user swipes only for a change that can happen.
@Suite struct PreconditionTests {
    /// `export` asked for a swipe and only then found that the package could not be written.
    @Test func exportChecksItsOutputBeforeTheSwipe() throws {
        let scratch = try DBTestStore()
        let pem = scratch.path("backend.pem")
        #expect(try ChildProcess.run("/usr/bin/openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048",
                                                          "-out", scratch.path("backend.key")]).status == 0)
        #expect(try ChildProcess.run("/usr/bin/openssl", ["pkey", "-in", scratch.path("backend.key"), "-pubout", "-out", pem]).status == 0)
        let taken = try scratch.write("taken.json", Array("earlier package".utf8))
        for (out, message) in [(scratch.path("missing/p.json"), "there is no folder \(scratch.path("missing"))"),
                               (taken, "already exists (use --force to replace it)"), (scratch.directory, "is a directory")] {
            let outcome = try PBToolProcess.run(["export", "--capture", "--encrypt-to", pem, "--out", out, "--sensor", "sim:synthetic:5", "--json"])
            #expect(outcome.status == 2, "\(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
            #expect(!outcome.standardOutput.contains("swipeRequested"), "\(outcome.standardOutput)")
        }
        #expect(FileManager.default.contents(atPath: taken) == Data("earlier package".utf8))
    }

    /// `sensor capture` waited for a finger before finding that the image could not be written.
    @Test func sensorCaptureChecksItsOutputBeforeTheSwipe() throws {
        let scratch = try DBTestStore()
        let outcome = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:synthetic:5", "--out", scratch.path("missing/f.png")])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("there is no folder"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("Swipe a finger"), "\(outcome.standardError)")
    }

    /// `fingers delete` verified the user (a swipe) before finding the finger was not enrolled.
    @Test func deletingAFingerThatIsNotEnrolledAsksForNoSwipe() throws {
        let bench = try FlowTestBench()
        let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", "ann", "--sensor", "sim:synthetic:7",
                                                  "--quiet"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        let delete = try bench.run(["fingers", "delete"], ["--finger", "left-thumb", "--user", "ann", "--sensor", "sim:synthetic:7",
                                                          "--json"])
        #expect(delete.status == 2, "\(delete.standardError)")
        #expect(delete.standardError.contains("left-thumb"), "\(delete.standardError)")
        #expect(!FlowTestBench.events(delete).contains("swipeRequested"), "\(delete.standardOutput)")
        let again = try bench.run(["fingers", "enroll-more"], ["--finger", "right-index", "--user", "ann", "--sensor", "sim:synthetic:7",
                                                              "--json"])
        #expect(again.status == 2, "\(again.standardError)")
        #expect(!FlowTestBench.events(again).contains("swipeRequested"), "\(again.standardOutput)")
    }

    /// `idstore get --out` is checked before the card is asked (no reader is needed to see it).
    @Test func idstoreGetChecksItsOutputBeforeTheCard() throws {
        let scratch = try DBTestStore()
        let outcome = try PBToolProcess.run(["idstore", "get", "vpn", "--out", scratch.directory])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("output file \(scratch.directory) is a directory"), "\(outcome.standardError)")
    }
}
