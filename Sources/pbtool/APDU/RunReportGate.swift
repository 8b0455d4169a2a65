import APDUScript
import Foundation

/// Passes the runner's events to the reporters, keeps what has finished, and can close the run
/// from another thread (a timeout) with a report of what had passed.
///
/// Once closed, later events from the runner are dropped, so every report stays consistent.
final class RunReportGate: ScriptRunObserver, @unchecked Sendable {
    private let reporters: [any ScriptRunObserver]
    private let lock = NSLock()
    private var isOpen = true
    private var planned: [TestIdentity] = []
    private var finished: [TestResult] = []
    private var currentTrace: (identity: TestIdentity, lines: [TraceLine])?
    private let start = ContinuousClock.now

    init(reporters: [any ScriptRunObserver]) {
        self.reporters = reporters
    }

    func receive(_ event: RunEvent) {
        lock.withLock {
            guard isOpen else { return }
            switch event {
            case .started(let identities): planned = identities
            case .trace(let identity, let line):
                if currentTrace?.identity != identity { currentTrace = (identity, []) }
                currentTrace?.lines.append(line)
            case .finished(let result):
                finished.append(result)
                currentTrace = nil
            case .completed: isOpen = false
            }
            reporters.forEach { $0.receive(event) }
        }
    }

    /// Ends the run now: the test under way fails with `reason` as a transport error, the tests
    /// not reached are skipped, and the reporters get the closing events. Nil if already closed.
    func close(transportFailure reason: String) -> RunResult? {
        lock.withLock {
            guard isOpen else { return nil }
            isOpen = false
            let done = Set(finished.map(\.identity))
            let pending = planned.filter { !done.contains($0) }
            let current = currentTrace?.identity ?? pending.first
            var closing: [TestResult] = []
            var failure: TestFailure?
            if let current {
                let problem = TestFailure(location: current.location, message: reason)
                failure = problem
                closing.append(TestResult(identity: current, status: .error, duration: .zero, failures: [problem],
                                          trace: currentTrace?.lines ?? []))
            }
            for identity in pending where identity != current {
                closing.append(TestResult(identity: identity, status: .skipped, duration: .zero,
                                          failures: [TestFailure(location: identity.location,
                                                                 message: "not run: the card or its transport failed")]))
            }
            let result = RunResult(tests: finished + closing,
                                   transportFailure: failure ?? TestFailure(location: SourceLocation(file: "-", line: 1, column: 1),
                                                                            message: reason),
                                   duration: ContinuousClock.now - start)
            for event in closing.map(RunEvent.finished) + [.completed(result)] {
                reporters.forEach { $0.receive(event) }
            }
            return result
        }
    }
}
