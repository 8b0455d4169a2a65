import APDU
import APDUScript
import ArgumentParser
import Foundation
import TerminalUI

/// `pbtool apdu run`: replays APDU scripts with assertions and reports them for people and CI.
struct APDURunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay APDU scripts against a card and check the answers.",
        discussion: """
            Each script is a list of command APDUs in hex with expectations on the answers \
            (=9000, =63Cx|9000, !6A82, data 6F .. 84 *, len 8, tlv 6F/84 == F0 70 …), grouped in \
            test "name" { … } blocks, with reset, atr checks, let/-> captures, ${ENV} values, \
            include, repeat, sleep and option statements. The grammar is in \
            docs/apdu-scripts.md. All scripts are read and checked before anything is sent.

            Scripts run in order on one connection per reader. A failed check ends its test and \
            the next test runs (--stop-on-fail ends the run). GET RESPONSE, 6CXX re-sends and \
            command chaining are automatic unless a script switches them off, and every \
            exchange is traced; PINs, keys and ${ENV} values stay hidden unless --show-secrets.

            Output: text (coloured on a terminal unless NO_COLOR is set), --json (JSON lines) or \
            --tap (TAP 13) on stdout; --junit FILE also writes JUnit XML for CI.

            Exit codes: 0 every test passed; 1 a check failed; 2 a script or usage error (the \
            message gives file:line:column); 3 the card, the reader or pcscd failed, or a card \
            operation ran past --timeout: the report still shows what had passed.

            Examples:
              pbtool apdu run apdu-scripts/*.apdu --junit reports/apdu-junit.xml
              pbtool apdu run --emulate apdu-scripts/demo-select.apdu
              pbtool apdu run --reader "Virtual PCD 00 01" --tap smoke.apdu
              pbtool apdu run --dry-run script.apdu
            """
    )

    @Argument(help: "Script files to run, in order.")
    var scripts: [String] = []

    @Option(help: "The reader: its full name or a unique part; `reader` statements are then ignored.")
    var reader: String?

    @Flag(help: "Run against the in-process virtual card (no pcscd needed).")
    var emulate = false

    @Option(help: "Also write a JUnit XML report to this file (folders are created).")
    var junit: String?

    @Flag(help: "Print TAP version 13 instead of text.")
    var tap = false

    @Flag(help: "Print JSON lines instead of text.")
    var json = false

    @Flag(help: "Check and list the scripts; send nothing.")
    var dryRun = false

    @Flag(help: "Keep PINs, keys and environment values in traces and reports.")
    var showSecrets = false

    @Flag(help: "Stop after the first failed test, whatever the scripts say.")
    var stopOnFail = false

    @Flag(help: "Print every exchange as it happens (text output).")
    var verbose = false

    @Option(parsing: .unconditional, help: "How long one card operation (connect, APDU, reset) may take before the run ends (30, 30s, 2m).",
            transform: OptionValue.seconds)
    var timeout: Double = 30

    func validate() throws {
        guard !scripts.isEmpty else { throw ValidationError("name at least one script") }
        guard !(tap && json) else { throw ValidationError("choose one of --tap and --json") }
        guard !(emulate && reader != nil) else { throw ValidationError("--reader and --emulate exclude each other") }
    }

    func run() throws {
        let loaded = try ScriptFiles.load(scripts)
        let environment = ProcessInfo.processInfo.environment
        if dryRun {
            try ScriptFiles.list(loaded, environment: environment, json: json, showsSecrets: showSecrets)
            return
        }
        try ScriptFiles.checkEnvironment(of: loaded, environment)
        let report = try RunReportFiles.junitOutput(junit)
        let result = replay(loaded, environment: environment)
        try finish(with: result, report: report)
    }

    /// Runs the scripts on this thread, each card operation bounded by --timeout.
    private func replay(_ loaded: [Script], environment: [String: String]) -> RunResult {
        let connector: any CardConnector = emulate ? EmulatedScriptConnector() : PCSCScriptConnector(limit: .seconds(timeout))
        let settings = RunSettings(stopOnFail: stopOnFail, showsSecrets: showSecrets, secrets: ScriptFiles.secrets,
                                   fixedReader: emulate ? .emulated : reader.map { .named($0) })
        let bar = ProgressBar.command("running", unit: "tests", quiet: json || tap)
        defer { bar.finish() }
        let observer = ScriptRunProgress(reporter: reporter(write: ScriptRunProgress.printer(above: bar)), bar: bar)
        let runner = ScriptRunner(connector: connector, environment: environment, settings: settings, observer: observer)
        return runner.run(loaded)
    }

    private func reporter(write: @escaping (String) -> Void) -> any ScriptRunObserver {
        if json { return JSONLinesReporter(write: JSONOutput.printEncodedLine) }
        if tap { return TAPReporter(write: write) }
        return TextReporter(usesColor: RunReportFiles.standardOutputWantsColor, showsTraces: verbose, write: write)
    }

    /// Writes the JUnit file and turns the verdict into the exit status.
    private func finish(with result: RunResult, report: CommandOutput?) throws {
        try report?.deliver(JUnitReport.xml(for: result))
        switch result.verdict {
        case .passed:
            return
        case .failed:
            throw CommandFailure(.negative, "\(result.count(.failed)) of \(result.tests.count) tests failed")
        case .scriptError:
            throw CommandFailure(.usage, "\(result.count(.error)) test(s) stopped on a script error")
        case .transportError:
            let failure = result.transportFailure.map { "\($0.location): \($0.message)" } ?? "the card failed"
            throw CommandFailure(.transport, "the run ended early: \(failure)")
        }
    }
}
