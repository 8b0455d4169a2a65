import Foundation
import Sensors
import SimulatedSensors
import Testing
@testable import Biometry

@Suite struct CancellationTests {
    @Test func cancellingWhileWaitingForTheFingerReleasesTheSensorPromptly() async throws {
        let store = try TemporaryStore()
        let sensor = FaultySensor(TestFingers.sensor(seed: 1), faults: .absentFinger)
        var configuration = EnrollmentController.Configuration(user: "alice", finger: .rightIndex)
        configuration.timeout = .seconds(300)
        let controller = EnrollmentController(configuration: configuration, sensor: sensor, engine: TestFingers.engine,
                                              database: store.references)
        let recording = try await FlowRecording.run(controller) { event, flow in
            if case .captureStatus(.capturing) = event { flow.cancel() }
        }
        // Cancelled, not timed out: the wait (300 s) stopped at the cancellation.
        guard case .cancelled = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        #expect(recording.names.contains("captureStatus.cancelled"))
        #expect(sensor.closeCount == 1)
        #expect(try store.database.user(named: "alice") == nil)
    }

    @Test func cancellingAfterASwipeStoresNothing() async throws {
        let store = try TemporaryStore()
        let sensor = FaultySensor(TestFingers.sensor(seed: 1), faults: .fingerGoneAfter(1))
        var configuration = EnrollmentController.Configuration(user: "bob", finger: .leftIndex)
        configuration.timeout = .seconds(300)
        let controller = EnrollmentController(configuration: configuration, sensor: sensor, engine: TestFingers.engine,
                                              database: store.references)
        let recording = try await FlowRecording.run(controller) { event, flow in
            if case .swipeAccepted = event { flow.cancel() }
        }
        guard case .cancelled = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        #expect(recording.events.filter { if case .swipeAccepted = $0 { true } else { false } }.count == 1)
        #expect(try store.database.user(named: "bob") == nil)
    }

    @Test func aSensorUnpluggedMidEnrollmentEndsTheFlowWithItsErrorAndStoresNothing() async throws {
        let store = try TemporaryStore()
        let sensor = FaultySensor(TestFingers.sensor(seed: 2), faults: .unplugAfter(1))
        let controller = EnrollmentController(configuration: .init(user: "carol", finger: .rightThumb), sensor: sensor,
                                              engine: TestFingers.engine, database: store.references)
        var events: [BiometryEvent] = []
        await #expect(throws: SensorError.self) {
            for try await event in controller { events.append(event) }
        }
        #expect(events.contains { if case .captureStatus(.aborted) = $0 { true } else { false } })
        #expect(events.contains { if case .device(.sensorDetached) = $0 { true } else { false } })
        #expect(sensor.closeCount == 1)
        #expect(try store.database.user(named: "carol") == nil)
    }

    @Test func aCancelAnswerAtAPromptEndsPractice() async throws {
        var configuration = PracticeController.Configuration()
        configuration.swipesPerStep = 1
        let controller = PracticeController(configuration: configuration, sensor: TestFingers.sensor(seed: 2),
                                            engine: TestFingers.engine)
        let recording = try await FlowRecording.run(controller) { event, flow in
            guard case .prompt(let prompt) = event else { return }
            flow.answer(prompt.id, with: prompt.id == 1 ? .next : .cancel)
        }
        guard case .cancelled = recording.outcome else { Issue.record("\(String(describing: recording.outcome))"); return }
        let steps = recording.events.compactMap { if case .practiceStep(let step, _) = $0 { step } else { nil } }
        #expect(steps == [.placement, .speed])
        #expect(recording.events.filter { if case .swipeRequested = $0 { true } else { false } }.count == 1)
    }
}
