import APDU

/// Runs parsed scripts against a card, one test at a time, and reports every test.
///
/// Scripts run in order over one connection per reader; each script starts with fresh
/// variables and options. A failed check ends its test (the next test runs, unless
/// stop-on-fail); a card or transport failure ends the run, and the tests not reached are
/// reported as skipped. Not thread-safe: use one runner per run.
public final class ScriptRunner {
    let connector: any CardConnector
    let environment: [String: String]
    let settings: RunSettings
    let clock: any ScriptClock
    let observer: (any ScriptRunObserver)?

    var transport: CardTransport?
    var connectedReader: String?
    /// The ATR from the last reset on the current connection.
    var lastATR: [UInt8]?
    /// The test being run: its identity, trace so far and command count.
    var recording: (identity: TestIdentity, trace: [TraceLine], commands: Int)?

    /// A runner getting its channels from `connector`, reading `${NAME}` from `environment`.
    public init(connector: any CardConnector, environment: [String: String], settings: RunSettings = RunSettings(),
                clock: any ScriptClock = SystemScriptClock(), observer: (any ScriptRunObserver)? = nil) {
        self.connector = connector
        self.environment = environment
        self.settings = settings
        self.clock = clock
        self.observer = observer
    }

    /// Runs every script in order and returns all results (also sent to the observer).
    public func run(_ scripts: [Script]) -> RunResult {
        let start = clock.now
        let plan = scripts.map { TestUnit.units(of: $0) }
        observer?.receive(.started(planned: plan.flatMap { $0.filter(\.isReported).map(\.identity) }))
        var results: [TestResult] = []
        var stopReason: String?
        var transportFailure: TestFailure?
        for (script, units) in zip(scripts, plan) {
            var state = ScriptState(environment: environment, settings: settings)
            for unit in units {
                if let stopReason {
                    guard unit.isReported else { continue }
                    results.append(report(skipped(unit.identity, reason: stopReason)))
                    continue
                }
                let (result, failure) = run(unit, state: &state)
                if result.status == .passed, !unit.isReported { continue }
                results.append(report(result))
                if let failure {
                    transportFailure = failure
                    stopReason = "not run: the card or its transport failed at \(failure.location)"
                } else if result.status == .failed || result.status == .error, state.stopOnFail {
                    stopReason = "not run: stop-on-fail after \"\(result.identity.name)\" in \(script.file)"
                }
            }
        }
        let result = RunResult(tests: results, transportFailure: transportFailure, duration: clock.now - start)
        observer?.receive(.completed(result))
        return result
    }

    /// Runs one unit; the second value is the transport failure that ended it, if any.
    private func run(_ unit: TestUnit, state: inout ScriptState) -> (TestResult, TestFailure?) {
        recording = (unit.identity, [], 0)
        defer { recording = nil }
        // Transport switches and the channel set inside a test last until its end, so a test
        // that fails half-way cannot leave them changed for the next one.
        let scoped = (rules: state.rules, channel: state.channelNumber)
        defer {
            if !unit.identity.isImplicit {
                state.rules = scoped.rules
                state.channelNumber = scoped.channel
            }
        }
        let start = clock.now
        var status = TestStatus.passed
        var failures: [TestFailure] = []
        var transportFailure: TestFailure?
        do {
            try execute(unit.statements, state: &state)
        } catch {
            switch error {
            case .failed(let found):
                status = .failed
                failures = found
            case .scriptError(let problem):
                status = .error
                failures = [problem]
            case .transport(let problem):
                status = .error
                failures = [problem]
                transportFailure = problem
            }
        }
        let result = TestResult(identity: unit.identity, status: status, duration: clock.now - start, failures: failures,
                                trace: recording?.trace ?? [], commandCount: recording?.commands ?? 0)
        return (result, transportFailure)
    }

    private func skipped(_ identity: TestIdentity, reason: String) -> TestResult {
        TestResult(identity: identity, status: .skipped, duration: .zero,
                   failures: [TestFailure(location: identity.location, message: reason)])
    }

    private func report(_ result: TestResult) -> TestResult {
        observer?.receive(.finished(result))
        return result
    }

    /// Adds a line to the running test's trace and tells the observer.
    func appendTrace(_ line: TraceLine) {
        guard let identity = recording?.identity else { return }
        recording?.trace.append(line)
        observer?.receive(.trace(identity, line))
    }
}
