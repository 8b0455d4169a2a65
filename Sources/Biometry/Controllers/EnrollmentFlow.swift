import Fingerprint
import SmartCard

/// The steps of enrollment, on the flow's thread with the sensor open.
struct EnrollmentFlow {
    let configuration: EnrollmentController.Configuration
    let engine: RecognitionEngine
    let database: any ReferenceDatabase

    private var user: String { configuration.user }
    private var finger: Finger { configuration.finger }

    /// Swipes, consolidates, checks and stores.
    func run(sampler session: SensorSession, in context: FlowContext) throws -> FlowOutcome {
        let replacing = try database.enrolledFingers(of: user).contains(finger)
        if replacing && !configuration.replacing {
            throw BiometryError.fingerAlreadyEnrolled(finger, user: user, place: database.name)
        }
        let sampler = session.sampler(gates: configuration.gates, timeout: configuration.timeout)
        guard let collected = try collect(with: sampler, in: context) else { return .timedOut }
        let (samples, selection, rejected) = collected
        let chosen = samples[selection.chosen]
        guard let features = chosen.features, let image = chosen.stitched.image else { return .timedOut }
        context.emit(.chosenImage(ChosenImage(image: image, swipeNumber: selection.chosen + 1)))
        let duplicateCheck = try duplicate(of: features, in: context)
        if case .duplicate(let other, let score) = duplicateCheck {
            return .enrollmentRefused(.duplicateFinger(of: other, score: score))
        }
        try context.checkCancellation()
        context.emit(.processingStarted(.storing))
        try database.enroll(features, finger: finger, user: user, replacing: replacing)
        context.emit(.processingStopped(.storing))
        return .enrolled(EnrollmentSummary(
            user: user, finger: finger, storedIn: database.name, acceptedSwipes: samples.count,
            rejectedSwipes: rejected, chosenSwipe: selection.chosen + 1, quality: features.quality,
            minutiae: features.minutiae.count, checkedForDuplicates: duplicateCheck != .notPossible, replaced: replacing))
    }

    /// Accepted swipes until there are enough that agree; nil when a swipe timed out.
    private func collect(with sampler: SwipeSampler, in context: FlowContext)
        throws -> (samples: [SwipeSample], selection: ReferenceSelection, rejected: Int)? {
        var accepted: [SwipeSample] = [], prepared: [PreparedTemplate] = []
        var rejected = 0, unusableRun = 0
        while true {
            let request = SwipeRequest(finger: finger, number: accepted.count + 1, total: configuration.swipes,
                                       purpose: .enrollment)
            guard let sample = try sampler.sample(request, in: context) else { return nil }
            guard sample.isUsable, let features = sample.features else {
                context.emit(.swipeRejected(sample.instructions))
                rejected += 1
                unusableRun += 1
                if unusableRun >= configuration.maximumUnusableSwipes { throw BiometryError.tooManyUnusableSwipes(unusableRun) }
                continue
            }
            unusableRun = 0
            context.emit(.swipeAccepted(request))
            accepted.append(sample)
            prepared.append(engine.prepare(features))
            guard accepted.count >= configuration.swipes else { continue }
            context.emit(.processingStarted(.consolidation))
            let selection = ReferenceSelection(prepared, engine: engine)
            context.emit(.processingStopped(.consolidation))
            if selection.isConsistent { return (accepted, selection, rejected) }
            // Replace the swipe that agrees least; it counts as rejected.
            accepted.remove(at: selection.weakest)
            prepared.remove(at: selection.weakest)
            rejected += 1
            context.emit(.instruction(.swipeSameFinger))
            context.emit(.swipeRejected([.swipeSameFinger]))
        }
    }

    enum DuplicateCheck: Equatable {
        case notPossible
        case clear
        case duplicate(Finger, score: Double)
    }

    /// Compares the new reference with the user's other fingers, where the database allows it.
    private func duplicate(of features: FingerprintFeatures, in context: FlowContext) throws -> DuplicateCheck {
        guard configuration.checksDuplicates, let references = try database.readableReferences(of: user) else {
            return .notPossible
        }
        context.emit(.processingStarted(.matching))
        defer { context.emit(.processingStopped(.matching)) }
        var matcher = engine.matcher(for: engine.prepare(features))
        for (other, reference) in references.sorted(by: { $0.key < $1.key }) where other != finger {
            let score = matcher.score(reference)
            if engine.threshold.accepts(score) { return .duplicate(other, score: score) }
        }
        return .clear
    }
}
