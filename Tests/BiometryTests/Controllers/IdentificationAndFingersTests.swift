import Foundation
import Sensors
import SmartCard
import Testing
@testable import Biometry

@Suite struct IdentificationAndFingersTests {
    /// alice has finger 1 as right index, bob finger 2 as left index.
    private func twoUsers() throws -> TemporaryStore {
        let store = try TemporaryStore()
        try store.references.enroll(try TestFingers.features(seed: 1, impression: 1), finger: .rightIndex, user: "alice", replacing: false)
        try store.references.enroll(try TestFingers.features(seed: 2, impression: 1), finger: .leftIndex, user: "bob", replacing: false)
        return store
    }

    @Test func identificationFindsTheOwnerAmongEveryone() async throws {
        let store = try twoUsers()
        let gallery = try HostGallery(loading: store.references)
        #expect(gallery.entries.count == 2)
        var configuration = IdentificationController.Configuration()
        configuration.top = 2
        let recording = try await FlowRecording.run(IdentificationController(
            configuration: configuration, sensor: TestFingers.sensor(seed: 2, impressions: 2...2),
            engine: TestFingers.engine, gallery: gallery))
        guard case .identified(let candidates) = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        #expect(candidates.first?.user == "bob")
        #expect(candidates.first?.finger == .leftIndex)
        #expect(!candidates.contains { $0.user == "alice" })
    }

    @Test func deletingAFingerNeedsAVerifiedUser() async throws {
        let store = try twoUsers()
        try store.references.enroll(try TestFingers.features(seed: 2, impression: 3), finger: .leftMiddle, user: "bob", replacing: false)
        func manage(with seed: UInt64) -> ManageFingersController {
            ManageFingersController(user: "bob", action: .delete(.leftMiddle), verification: .init(user: "bob", fingers: .any),
                                    sensor: TestFingers.sensor(seed: seed, impressions: 2...2), engine: TestFingers.engine,
                                    database: store.references, verifier: HostVerifier(references: store.references))
        }
        let stranger = try await FlowRecording.run(manage(with: 1))
        guard case .notMatched = stranger.outcome else { Issue.record("\(String(describing: stranger.outcome))"); return }
        #expect(try store.references.enrolledFingers(of: "bob").sorted() == [.leftIndex, .leftMiddle])

        let owner = try await FlowRecording.run(manage(with: 2))
        guard case .fingerDeleted(let user, let finger) = owner.outcome else { Issue.record("\(String(describing: owner.outcome))"); return }
        #expect(user == "bob" && finger == .leftMiddle)
        #expect(try store.references.enrolledFingers(of: "bob") == [.leftIndex])
    }

    @Test func selectionPrefersTheSwipeMostLikeTheOthersAndSeesAStranger() throws {
        let engine = TestFingers.engine
        let same = try (1...3).map { engine.prepare(try TestFingers.features(seed: 1, impression: $0)) }
        let agreeing = ReferenceSelection(same, engine: engine)
        #expect(agreeing.isConsistent)
        #expect(agreeing.meanScores.count == 3)
        let stranger = engine.prepare(try TestFingers.features(seed: 2, impression: 1))
        let mixed = ReferenceSelection([same[0], same[1], stranger], engine: engine)
        #expect(mixed.weakest == 2)
        #expect(mixed.chosen != 2)
    }
}
