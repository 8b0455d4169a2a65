import Fingerprint
import Sensors
import SmartCard
import TemplateStore
import Testing
@testable import Biometry

@Suite struct EnrollmentControllerTests {
    @Test func enrollsThreeSwipesIntoOneStoredReference() async throws {
        let store = try TemporaryStore()
        let controller = EnrollmentController(
            configuration: .init(user: "alice", finger: .rightIndex), sensor: TestFingers.sensor(seed: 1),
            engine: TestFingers.engine, database: store.references)
        let recording = try await FlowRecording.run(controller)

        guard case .enrolled(let summary) = recording.outcome else { Issue.record("outcome \(String(describing: recording.outcome))"); return }
        #expect(summary.acceptedSwipes == 3)
        #expect(summary.checkedForDuplicates)
        #expect((1...3).contains(summary.chosenSwipe))
        let requests = recording.events.compactMap { if case .swipeRequested(let r) = $0 { r } else { nil } }
        #expect(requests.map(\.number) == [1, 2, 3])
        #expect(requests.allSatisfy { $0.total == 3 && $0.finger == .rightIndex && $0.purpose == .enrollment })
        #expect(recording.names.first == "device")
        #expect(recording.names.suffix(4) == ["chosenImage", "processingStarted.storing", "processingStopped.storing", "finished"]
            || recording.names.contains("processingStarted.matching"))
        let oneSwipe = Array(recording.names.drop { $0 != "swipeRequested" }.prefix(12))
        #expect(oneSwipe == ["swipeRequested", "captureStatus.capturing", "finger.needed", "finger.present", "framesArrived",
                             "finger.none", "processingStarted.extraction", "processingStopped.extraction", "image", "quality",
                             "captureStatus.completed", "swipeAccepted"])
        #expect(try store.references.enrolledFingers(of: "alice") == [.rightIndex])
        let stored = try store.database.templates(of: store.database.user(named: "alice")!.id)
        #expect(stored.map(\.record.format).sorted { $0.rawValue < $1.rawValue } == [.host, .iso])
        let host = try HostTemplate(bytes: try #require(stored.first { $0.record.format == .host }).bytes.copyBytes())
        #expect(host.features.minutiae.count == summary.minutiae)
        let record = try ISO19794Record.decode(try #require(stored.first { $0.record.format == .iso }).bytes.copyBytes())
        #expect(record.minutiae.count == min(summary.minutiae, 255))
        #expect(record.views.first?.finger == .rightIndex)
    }

    @Test func tooFastSwipesAreExplainedAndNothingIsStored() async throws {
        let store = try TemporaryStore()
        var configuration = EnrollmentController.Configuration(user: "bob", finger: .leftIndex)
        configuration.maximumUnusableSwipes = 2
        let controller = EnrollmentController(configuration: configuration, sensor: TestFingers.sensor(seed: 2, style: .fast),
                                              engine: TestFingers.engine, database: store.references)
        var events: [BiometryEvent] = []
        await #expect(throws: BiometryError.tooManyUnusableSwipes(2)) {
            for try await event in controller { events.append(event) }
        }
        let rejections = events.compactMap { if case .swipeRejected(let why) = $0 { why } else { nil } }
        #expect(rejections.count == 2)
        #expect(rejections.allSatisfy { $0.contains(.tooFast) })
        #expect(events.contains { if case .instruction(.tooFast) = $0 { true } else { false } })
        #expect(try store.database.user(named: "bob") == nil)
    }

    @Test func aFingerEnrolledTwiceIsRefused() async throws {
        let store = try TemporaryStore()
        try store.references.enroll(try TestFingers.features(seed: 1, impression: 1), finger: .rightIndex,
                                    user: "carol", replacing: false)
        let controller = EnrollmentController(
            configuration: .init(user: "carol", finger: .leftMiddle), sensor: TestFingers.sensor(seed: 1, impressions: 2...4),
            engine: TestFingers.engine, database: store.references)
        let recording = try await FlowRecording.run(controller)

        guard case .enrollmentRefused(.duplicateFinger(let other, let score)) = recording.outcome else {
            Issue.record("outcome \(String(describing: recording.outcome))"); return
        }
        #expect(other == .rightIndex)
        #expect(score >= TestFingers.engine.threshold.score)
        #expect(try store.references.enrolledFingers(of: "carol") == [.rightIndex])
    }

    @Test func anEnrolledFingerNeedsReplacing() async throws {
        let store = try TemporaryStore()
        try store.references.enroll(try TestFingers.features(seed: 2, impression: 1), finger: .rightThumb,
                                    user: "dan", replacing: false)
        let controller = EnrollmentController(configuration: .init(user: "dan", finger: .rightThumb),
                                              sensor: TestFingers.sensor(seed: 2), engine: TestFingers.engine,
                                              database: store.references)
        await #expect(throws: BiometryError.fingerAlreadyEnrolled(.rightThumb, user: "dan", place: "template store")) {
            for try await _ in controller {}
        }
    }
}
