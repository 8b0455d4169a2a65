import Foundation
import Fingerprint
import SmartCard

/// The steps of verification, on the flow's thread with the sensor open.
struct VerificationFlow {
    let configuration: VerificationController.Configuration
    let engine: RecognitionEngine
    let references: any ReferenceDatabase
    let verifier: any Verifier
    let lockout: RejectionLockout?

    private var user: String { configuration.user }

    /// Swipes until a decision: matched, not matched, blocked or timed out.
    func run(sampler session: SensorSession, in context: FlowContext) throws -> FlowOutcome {
        var fingers = try chosenFingers()
        if let blocked = lockedOut(&fingers) { return .blocked(blocked) }
        try verifier.prepare(for: fingers, of: user)
        let sampler = session.sampler(gates: configuration.gates, timeout: configuration.timeout)
        var comparisons = 0, unusable = 0
        var lastReports: [MatchReport] = []
        while true {
            let request = SwipeRequest(finger: fingers.count == 1 ? fingers[0] : nil, number: comparisons + 1,
                                       total: configuration.attempts, purpose: .verification)
            guard let sample = try sampler.sample(request, in: context) else { return .timedOut }
            guard sample.isUsable, let probe = sample.features else {
                context.emit(.swipeRejected(sample.instructions))
                unusable += 1
                if unusable >= configuration.maximumUnusableSwipes { return .notMatched(lastReports) }
                continue
            }
            unusable = 0
            context.emit(.swipeAccepted(request))
            try context.checkCancellation()
            let answer = try compare(probe, fingers, lastStripAt: sample.lastStripAt, context: context)
            comparisons += 1
            switch try settle(answer, fingers: &fingers, context: context) {
            case .decided(let outcome): return outcome
            case .tryAgain(let reports): lastReports = reports
            }
            if let attempts = configuration.attempts, comparisons >= attempts { return .notMatched(lastReports) }
        }
    }

    /// The fingers the configuration names, checked against what is enrolled.
    func chosenFingers() throws -> [Finger] {
        let enrolled = try references.enrolledFingers(of: user)
        guard !enrolled.isEmpty else { throw BiometryError.noEnrolledFingers(user: user, place: references.name) }
        switch configuration.fingers {
        case .finger(let finger):
            guard enrolled.contains(finger) else {
                throw BiometryError.fingerNotEnrolled(finger, user: user, place: references.name)
            }
            return [finger]
        case .any:
            return enrolled.sorted()
        case .challenge:
            var generator = SystemRandomNumberGenerator()
            return [enrolled.randomElement(using: &generator)!]
        }
    }

    /// Drops fingers the host has locked out; the block when none is left.
    private func lockedOut(_ fingers: inout [Finger]) -> BlockedFinger? {
        guard let lockout, verifier.place == .host else { return nil }
        var firstLock: BlockedFinger?
        fingers.removeAll { finger in
            guard case .locked(let until) = lockout.status(user: user, finger: finger.rawValue) else { return false }
            firstLock = firstLock ?? BlockedFinger(finger: finger, place: .host, lockedUntil: until)
            return true
        }
        return fingers.isEmpty ? firstLock : nil
    }

    private func compare(_ probe: FingerprintFeatures, _ fingers: [Finger], lastStripAt: ContinuousClock.Instant,
                         context: FlowContext) throws -> VerifierAnswer {
        context.emit(.processingStarted(.matching))
        defer { context.emit(.processingStopped(.matching)) }
        let answer: VerifierAnswer
        do {
            answer = try verifier.verify(probe, against: fingers, of: user)
        } catch {
            if case CardEdgeError.cardRemoved = error { context.emit(.device(.cardRemoved(reader: references.name))) }
            throw error
        }
        let elapsed = ContinuousClock.now - lastStripAt
        switch answer {
        case .match(var report):
            report.decisionTime = elapsed
            return .match(report)
        case .noMatch(let reports):
            return .noMatch(reports.map { var report = $0; report.decisionTime = elapsed; return report })
        case .blocked(var report):
            report.decisionTime = elapsed
            return .blocked(report)
        }
    }
}

extension VerificationFlow {
    /// After a comparison: the flow's end, or the reports to remember before the next try.
    enum Settlement {
        case decided(FlowOutcome)
        case tryAgain([MatchReport])
    }

    /// Tells the answer as events, counts rejections on the host, and decides whether to go on.
    func settle(_ answer: VerifierAnswer, fingers: inout [Finger], context: FlowContext) throws -> Settlement {
        switch answer {
        case .match(let report):
            if verifier.place == .host { try lockout?.recordMatch(user: user, finger: report.finger.rawValue) }
            context.emit(.matchAccepted(report))
            return .decided(.matched(report))
        case .blocked(let report):
            context.emit(.matchRejected(report))
            return .decided(.blocked(BlockedFinger(finger: report.finger, place: report.place, lockedUntil: nil)))
        case .noMatch(let reports):
            let counted = try countRejections(reports)
            counted.forEach { context.emit(.matchRejected($0)) }
            fingers.removeAll { finger in counted.contains { $0.finger == finger && $0.retriesLeft == 0 } }
            guard fingers.isEmpty, let last = counted.last else { return .tryAgain(counted) }
            var until: Date?
            if let lockout, case .locked(let end) = lockout.status(user: user, finger: last.finger.rawValue) { until = end }
            return .decided(.blocked(BlockedFinger(finger: last.finger, place: last.place, lockedUntil: until)))
        }
    }

    /// Host rejections go into the lock-out, which then says how many tries are left.
    private func countRejections(_ reports: [MatchReport]) throws -> [MatchReport] {
        guard let lockout, verifier.place == .host else { return reports }
        return try reports.map { report in
            var counted = report
            switch try lockout.recordRejection(user: user, finger: report.finger.rawValue) {
            case .open(let left): counted.retriesLeft = left
            case .locked: counted.retriesLeft = 0
            }
            return counted
        }
    }
}
