import Foundation
import Testing
import TestSupport

/// Progress bars on the slow commands: drawn on a terminal (standard output and standard error
/// both a pseudo-terminal), never with --json or --quiet, never when either stream goes to a
/// file or a pipe.
@Suite(.enabled(if: TerminalSession.isAvailable, "needs script(1) from util-linux"))
struct ProgressOutputTests {
    private let scratch: String = {
        let path = NSTemporaryDirectory() + "pbtool-progress-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A bar line: a carriage return, the label, the bar, then "N/M unit".
    private func drawsBar(_ text: String, _ label: String, ending: String? = nil) -> Bool {
        text.contains("\r\(label) ") && (ending.map(text.contains) ?? true)
    }

    private func file(_ name: String) -> String {
        (try? String(contentsOfFile: "\(scratch)/\(name)", encoding: .utf8)) ?? ""
    }

    @Test func templateExtractOnAFolderShowsItsBarOnATerminalAndNowhereElse() throws {
        let set = try SyntheticPrintSet.directory.get()
        let extract = ["template", "extract", set, "--format", "iso", "--out", "\(scratch)/templates"]
        let shown = try TerminalSession.run(extract)
        #expect(shown.status == 0, "\(shown.screen)")
        #expect(drawsBar(shown.screen, "extracting", ending: "4/4 images\u{1B}[K"), "\(shown.screen.debugDescription)")
        #expect(shown.screen.contains("\r\u{1B}[Kwrote 4 iso template(s)"), "the bar is erased before the summary")

        let json = try TerminalSession.run(extract + ["--json"])
        #expect(json.status == 0 && !drawsBar(json.screen, "extracting"))
        let outputToFile = try TerminalSession.run(extract, redirect: "> \(scratch)/out.txt")
        #expect(outputToFile.status == 0 && !drawsBar(outputToFile.screen, "extracting"))
        #expect(file("out.txt").contains("wrote 4 iso template(s)") && !drawsBar(file("out.txt"), "extracting"))
        let errorsToFile = try TerminalSession.run(extract, redirect: "2> \(scratch)/err.txt")
        #expect(errorsToFile.status == 0 && !drawsBar(errorsToFile.screen, "extracting") && file("err.txt").isEmpty)
        let piped = try PBToolProcess.run(extract)
        #expect(piped.status == 0 && piped.standardError.isEmpty)
    }

    @Test func apduRunCountsTestsAboveItsReport() throws {
        let script = SharedData.repositoryRoot.appendingPathComponent("apdu-scripts/demo-select.apdu").path
        let shown = try TerminalSession.run(["apdu", "run", "--emulate", script])
        #expect(shown.status == 0, "\(shown.screen)")
        #expect(drawsBar(shown.screen, "running", ending: "8/8 tests"), "\(shown.screen.debugDescription)")
        #expect(shown.screen.contains("\r\u{1B}[K  PASS select by full AID returns the FCI"), "each line goes above the bar")
        #expect(shown.screen.contains("\r\u{1B}[K8 tests: 8 passed"), "the bar is gone before the summary")
        for quiet in [["--json"], ["--tap"]] {
            let machine = try TerminalSession.run(["apdu", "run", "--emulate", script] + quiet)
            #expect(machine.status == 0 && !drawsBar(machine.screen, "running"), "\(quiet)")
        }
    }

    @Test func benchAccuracyShowsExtractionThenPairs() throws {
        let set = "\(scratch)/set"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        for name in ["101_1", "101_2", "102_1", "102_2"] {
            try FileManager.default.copyItem(atPath: try SyntheticPrintSet.image(name), toPath: "\(set)/\(name).png")
        }
        let shown = try TerminalSession.run(["bench", "accuracy", "--dataset", set])
        #expect(shown.status == 0, "\(shown.screen)")
        #expect(drawsBar(shown.screen, "extracting", ending: "4/4 images"))
        #expect(drawsBar(shown.screen, "matching", ending: "7/7 pairs"), "2 genuine + 1 FVC impostor + 4 impostor pairs")
        let json = try TerminalSession.run(["bench", "accuracy", "--dataset", set, "--json"])
        #expect(json.status == 0 && !drawsBar(json.screen, "extracting") && !drawsBar(json.screen, "matching"))
    }

    @Test func rotateKeyAndIdentifyShowTheirsToo() throws {
        let bench = try FlowTestBench()
        let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", "bob", "--sensor", "sim:synthetic:7",
                                                  "--quiet"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        let store = ["--db", bench.scratch.store, "--key-file", bench.scratch.key]
        let identify = ["identify", "--sensor", "sim:synthetic:7"] + store
        let found = try TerminalSession.run(identify, environment: bench.environment)
        #expect(found.status == 0, "\(found.screen)")
        #expect(drawsBar(found.screen, "loading", ending: "1/1 references"), "\(found.screen.debugDescription)")
        let quiet = try TerminalSession.run(identify + ["--quiet"], environment: bench.environment)
        #expect(quiet.status == 0 && !drawsBar(quiet.screen, "loading"))

        let rotated = try TerminalSession.run(["db", "rotate-key"] + store)
        #expect(rotated.status == 0, "\(rotated.screen)")
        // One host template, one ISO record and one user.
        #expect(drawsBar(rotated.screen, "rewrapping", ending: "3/3 rows"), "\(rotated.screen.debugDescription)")
        let json = try TerminalSession.run(["db", "rotate-key", "--json"] + store)
        #expect(json.status == 0 && !drawsBar(json.screen, "rewrapping"))
    }
}
