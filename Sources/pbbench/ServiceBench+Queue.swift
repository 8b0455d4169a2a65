import Foundation

/// Several clients wanting the one device at once, as when a login screen, a screen locker and
/// `sudo` ask together: the claim is exclusive, so each waits its turn (``ServiceBenchClient/claim(within:)``).
extension ServiceBench {
    /// `parameters.clients` clients, each on its own thread and connection, started together:
    /// how many got their verification's answer, and when the last did.
    func recordQueue(_ report: BenchReport, files: ServiceBenchFiles, pbtool: String) async throws {
        let stage = try ServiceBenchStage(pbtool: pbtool, files: files)
        let answers = QueueAnswers()
        let group = DispatchGroup()
        let start = ContinuousClock.now, address = stage.bus.address
        for _ in 0..<parameters.clients {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                answers.add(Result { try Self.verifyInTurn(address, since: start) })
            }
        }
        await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
        withExtendedLifetime(stage) {}
        let (answered, matched, last, failures) = answers.summary
        for failure in failures { report.note("a queued client failed: \(failure)") }
        report.record("queue: clients answered, of \(parameters.clients) at once", Double(answered), unit: "clients",
                      target: .atLeast(Double(parameters.clients)))
        report.record("queue: answers that were verify-match", Double(matched), unit: "clients")
        report.record("queue: the last client's answer, after the start", last / .milliseconds(1), unit: "ms")
    }

    /// One queued client: claim, verify, release; its verdict and when the answer came.
    private static func verifyInTurn(_ address: String, since start: ContinuousClock.Instant) throws -> (verdict: String, after: Duration) {
        let client = try ServiceBenchClient(address: address)
        try client.claim()
        let (verdict, _) = try client.verify()
        let after = ContinuousClock.now - start
        try client.release()
        return (verdict, after)
    }
}

/// The queued clients' results, gathered from their threads.
private final class QueueAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<(verdict: String, after: Duration), any Error>] = []

    func add(_ result: Result<(verdict: String, after: Duration), any Error>) {
        lock.withLock { results.append(result) }
    }

    /// How many answered, how many matched, the latest answer, and the failures.
    var summary: (answered: Int, matched: Int, last: Duration, failures: [String]) {
        lock.withLock {
            let answers = results.compactMap { try? $0.get() }
            let failures = results.compactMap { result -> String? in
                if case .failure(let error) = result { return "\(error)" }
                return nil
            }
            return (answers.count, answers.filter { $0.verdict == "verify-match" }.count,
                    answers.map(\.after).max() ?? .zero, failures)
        }
    }
}
