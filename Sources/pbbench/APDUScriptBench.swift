import APDU
import APDUScript
import Fingerprint
import Foundation
import PCSC
import LiveCardStack
import VirtualCard

/// APDU script replay (issue 8): 1,000 APDUs through pcscd + vpcd + the virtual card, with
/// scriptor's time on the same APDUs beside ours; and parsing a 10,000-line script.
struct APDUScriptBench: BenchSuite {
    static let name = "apdu-script"
    static let summary = "pbtool apdu run vs scriptor over pcscd + vpcd; script parsing"

    /// What is measured.
    struct Parameters {
        /// APDUs in the replayed script (a SELECT, then READ COUNTER).
        var commands = 1_000
        /// Timed runs of each tool (medians compared, best runs noted).
        var runs = 21
        /// Seconds of quiet before each timed run.
        var pause = 0.05
        /// Lines of the parsed script.
        var parsedLines = 10_000
        /// Parses timed; the best is reported.
        var parses = 9
        /// The reader the card is attached to.
        var reader = "Virtual PCD 00 00"
        var scriptor = "/usr/bin/scriptor"
    }

    let parameters = Parameters()

    func run(_ report: BenchReport) async throws {
        try measureParsing(report)
        try await LiveStackLock.withExclusiveAccess {
            try PCSCDaemon.ensureRunning()
            // The card answers from its own process, as `pbtool card emulate` does in a user's CI:
            // a card inside pbbench would put the measuring process into the ping-pong it times.
            let pbtool = Self.executable("pbtool").path
            guard FileManager.default.isExecutableFile(atPath: pbtool) else {
                report.skip("no \(pbtool): build it with `swift build -c release --product pbtool` (make bench does)")
                return
            }
            let card = try EmulatorProcess(port: 35963)
            defer { _ = try? card.stop() }
            try measureReplay(report)
        }
    }

    // MARK: - Replay

    private func measureReplay(_ report: BenchReport) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-apdu-script-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("replay.apdu")
        let theirs = folder.appendingPathComponent("replay.scriptor")
        try Data(replayScript(withChecks: true).utf8).write(to: ours)
        try Data(replayScript(withChecks: false).utf8).write(to: theirs)

        let library = try best { try replayInProcess(ours.path) }
        report.record("\(parameters.commands) APDUs, ScriptRunner in process (best of \(parameters.runs))", library, unit: "ms")
        let pbtool = Self.executable("pbtool")
        let ourCommand = (pbtool.path, ["apdu", "run", "--reader", parameters.reader, ours.path])
        guard FileManager.default.isExecutableFile(atPath: parameters.scriptor) else {
            let tool = try best { try SpawnedRun.milliseconds(ourCommand.0, ourCommand.1) }
            report.record("\(parameters.commands) APDUs, pbtool apdu run (process)", tool, unit: "ms")
            report.skip("scriptor is not installed (Debian package pcsc-tools): no comparison")
            return
        }
        // Interleaved, so both tools see the same load on a shared machine, in alternating order
        // and after a pause: a run started the moment the other tool exited measured about 5 %
        // slower, whichever tool it was. The medians are compared (single best runs swing by more
        // than the difference between the tools).
        var tool: [Double] = [], scriptor: [Double] = []
        let runs: [() throws -> Void] = [
            { tool.append(try SpawnedRun.milliseconds(ourCommand.0, ourCommand.1)) },
            { scriptor.append(try SpawnedRun.milliseconds(parameters.scriptor, ["-r", parameters.reader, theirs.path])) },
        ]
        for round in 0..<parameters.runs {
            for run in round.isMultiple(of: 2) ? runs : runs.reversed() {
                Thread.sleep(forTimeInterval: parameters.pause)
                try run()
            }
        }
        let scriptorMedian = Self.median(scriptor)
        report.record("\(parameters.commands) APDUs, pbtool apdu run (process, median of \(parameters.runs))", Self.median(tool),
                      unit: "ms", target: .atMost(scriptorMedian))
        report.record("\(parameters.commands) APDUs, scriptor (process, same APDUs, median of \(parameters.runs))", scriptorMedian,
                      unit: "ms")
        report.note("best runs: pbtool \(BenchReport.format(tool.min() ?? 0)) ms, scriptor \(BenchReport.format(scriptor.min() ?? 0)) ms")
    }

    /// A SELECT and READ COUNTERs; with checks for pbtool, plain hex for scriptor.
    private func replayScript(withChecks: Bool) -> String {
        let select = "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00"
        let read = "80 32 00 00 04"
        var lines = [select + (withChecks ? " =9000 tlv 6F/84 == F0 70 62 74 6F 6F 6C 01" : "")]
        lines += Array(repeating: read + (withChecks ? " =9000 len 4" : ""), count: parameters.commands - 1)
        return lines.joined(separator: "\n") + "\n"
    }

    private func replayInProcess(_ path: String) throws -> Double {
        let script = try ScriptLoader.fileSystem.load(path)
        let connector = DirectPCSCConnector()
        let start = ContinuousClock.now
        let result = ScriptRunner(connector: connector, environment: [:],
                                  settings: RunSettings(fixedReader: .named(parameters.reader))).run([script])
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
        guard result.verdict == .passed, result.commandCount == parameters.commands else {
            throw BenchFailure("the replay did not pass: \(result.verdict), \(result.commandCount) commands")
        }
        return elapsed
    }

    // MARK: - Parsing

    private func measureParsing(_ report: BenchReport) throws {
        let text = Self.longScript(lines: parameters.parsedLines)
        let loader = ScriptLoader { _ in "" }
        var wall: [Double] = [], processor: [Double] = []
        for _ in 0..<parameters.parses {
            let (startWall, startCPU) = (ContinuousClock.now, ThreadCPU.milliseconds())
            _ = try loader.parse(text, file: "long.apdu")
            processor.append(ThreadCPU.milliseconds() - startCPU)
            wall.append((ContinuousClock.now - startWall) / .milliseconds(1))
        }
        // CPU time of the parsing thread is what the parser costs; wall time on a shared machine
        // also counts the time other processes had the core.
        report.record("parse a \(parameters.parsedLines)-line script (thread CPU time, best of \(parameters.parses))",
                      processor.min() ?? 0, unit: "ms", target: .atMost(50))
        report.record("parse a \(parameters.parsedLines)-line script (wall time, best of \(parameters.parses))",
                      wall.min() ?? 0, unit: "ms")
    }

    /// Tests of commands with status, data, TLV checks and captures, comments between them.
    static func longScript(lines count: Int) -> String {
        var lines = ["# generated for pbbench", "let $pin = 31 32 33 34"]
        var test = 0
        while lines.count < count - 8 {
            test += 1
            lines += [
                "test \"block \(test)\" {",
                "  00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 =9000 tlv 6F/84 == F0 70 62 74 6F 6F 6C 01 -> $aid\(test) = tlv 6F/84",
                "  80 10 00 00 05 01 02 03 04 05 =9000|61xx data 01 02 .. ?4 *  // echo",
                "  80 20 00 10 10 =9000 len 16 data 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F",
                "  00 20 00 81 04 $pin =63Cx|9000 !6983",
                "  80 32 00 00 04 =9000 -> $count\(test)[0:2]",
                "  # comment line",
                "}",
            ]
        }
        return lines.prefix(count).joined(separator: "\n") + "\n"
    }

    // MARK: - Helpers

    /// The best (lowest) of `runs` measurements: the least disturbed by other processes.
    private func best(_ body: () throws -> Double) throws -> Double {
        try (0..<parameters.runs).map { _ in try body() }.min() ?? 0
    }

    private static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// A sibling executable of pbbench (`.build/release/pbtool` in a release build).
    static func executable(_ name: String) -> URL {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent(name)
    }
}

/// The reader named by the run, over PC/SC, one connection kept.
private final class DirectPCSCConnector: CardConnector {
    private var card: PCSCCard?

    func channel(reader: String?) throws -> any CardChannel {
        if let card { return card }
        guard let reader else { throw BenchFailure("no reader named") }
        let connected = try PCSCContext().connect(to: reader)
        card = connected
        return connected
    }
}
