import BiometricFormats
import Foundation
import Sensors
import SimulatedSensors
import SmartCard
import Testing
@testable import Biometry

@Suite struct VerificationControllerTests {
    /// A store where `user` has finger `seed`, impression 1, as right index.
    private func store(user: String, seed: UInt64) throws -> TemporaryStore {
        let store = try TemporaryStore()
        try store.references.enroll(try TestFingers.features(seed: seed, impression: 1), finger: .rightIndex,
                                    user: user, replacing: false)
        return store
    }

    private func controller(_ store: TemporaryStore, user: String, sensor: any FingerprintSensor,
                            configure: (inout VerificationController.Configuration) -> Void = { _ in },
                            lockout: RejectionLockout? = nil) -> VerificationController {
        var configuration = VerificationController.Configuration(user: user, fingers: .finger(.rightIndex))
        configure(&configuration)
        return VerificationController(configuration: configuration, sensor: sensor, engine: TestFingers.engine,
                                      references: store.references, verifier: HostVerifier(references: store.references),
                                      lockout: lockout)
    }

    @Test func anotherImpressionOfTheSameFingerMatches() async throws {
        let store = try store(user: "alice", seed: 1)
        let recording = try await FlowRecording.run(controller(store, user: "alice",
                                                               sensor: TestFingers.sensor(seed: 1, impressions: 2...2)))
        guard case .matched(let report) = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        #expect(report.finger == .rightIndex)
        #expect(report.place == .host)
        #expect(report.score.map(TestFingers.engine.threshold.accepts) == true)
        #expect(report.decisionTime != nil)
        #expect(recording.names.contains("matchAccepted"))
    }

    @Test func repeatedRejectionsLockTheFingerOut() async throws {
        let store = try store(user: "bob", seed: 1)
        let lockout = RejectionLockout(policy: .init(maximumRejections: 2, duration: .seconds(3600)))
        let flow = controller(store, user: "bob", sensor: TestFingers.sensor(seed: 2, impressions: 1...1),
                              configure: { $0.attempts = nil }, lockout: lockout)
        let recording = try await FlowRecording.run(flow)

        let rejected = recording.events.compactMap { if case .matchRejected(let r) = $0 { r } else { nil } }
        #expect(rejected.map(\.retriesLeft) == [1, 0])
        guard case .blocked(let blocked) = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        #expect(blocked.place == .host)
        #expect(blocked.lockedUntil.map { $0 > Date() } == true)
        // The next verification is refused before any swipe.
        let again = try await FlowRecording.run(controller(store, user: "bob", sensor: TestFingers.sensor(seed: 1), lockout: lockout))
        #expect(!again.names.contains("swipeRequested"))
        guard case .blocked = again.outcome else { Issue.record("\(String(describing: again.outcome))"); return }
    }

    @Test func noFingerWithinTheTimeoutEndsTimedOut() async throws {
        let store = try store(user: "carol", seed: 1)
        let sensor = FaultySensor(TestFingers.sensor(seed: 1), faults: .absentFinger)
        let recording = try await FlowRecording.run(controller(store, user: "carol", sensor: sensor) { $0.timeout = .milliseconds(300) })
        guard case .timedOut = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        #expect(recording.names.contains("captureStatus.timedOut"))
        #expect(sensor.closeCount == 1)
    }

    @Test func unknownFingersAreRefusedBeforeAnySwipe() async throws {
        let store = try store(user: "dan", seed: 1)
        var events: [BiometryEvent] = []
        let flow = VerificationController(
            configuration: .init(user: "dan", fingers: .finger(.leftLittle)), sensor: TestFingers.sensor(seed: 1),
            engine: TestFingers.engine, references: store.references, verifier: HostVerifier(references: store.references))
        await #expect(throws: BiometryError.fingerNotEnrolled(.leftLittle, user: "dan", place: "template store")) {
            for try await event in flow { events.append(event) }
        }
        #expect(!events.contains { if case .swipeRequested = $0 { true } else { false } })
        let nobody = VerificationController(
            configuration: .init(user: "erin", fingers: .any), sensor: TestFingers.sensor(seed: 1),
            engine: TestFingers.engine, references: store.references, verifier: HostVerifier(references: store.references))
        await #expect(throws: BiometryError.noEnrolledFingers(user: "erin", place: "template store")) {
            for try await _ in nobody {}
        }
    }

    @Test func theChallengeNamesOneEnrolledFinger() async throws {
        let store = try store(user: "fay", seed: 2)
        try store.references.enroll(try TestFingers.features(seed: 2, impression: 1), finger: .leftRing,
                                    user: "fay", replacing: false)
        let flow = VerificationController(
            configuration: .init(user: "fay", fingers: .challenge), sensor: TestFingers.sensor(seed: 2, impressions: 2...2),
            engine: TestFingers.engine, references: store.references, verifier: HostVerifier(references: store.references))
        let recording = try await FlowRecording.run(flow)
        let asked = recording.events.compactMap { if case .swipeRequested(let r) = $0 { r.finger } else { nil } }
        #expect(asked.count == 1)
        #expect([Finger.rightIndex, .leftRing].contains(asked[0]))
    }
}
