import Fingerprint
import FingerprintSynthesis
import Foundation
import Imaging
import Sensors
import SimulatedSensors
import Synchronization
import Testing
@testable import Biometry

/// Synthetic fingers for the flow tests: small images (debug-build extraction is slow), made
/// once per run and shared.
enum TestFingers {
    static let parameters = SynthesisParameters(width: 256, height: 288, dpi: 500)
    /// The engine as pbtool ships it: the host matcher at its calibrated FMR 1/10,000 threshold.
    /// Synthetic fingers differ from each other as real ones do (`pbbench realism` measures it),
    /// so they need no threshold of their own.
    static let engine = RecognitionEngine(threshold: .forFalseMatchRate(Threshold.defaultFalseMatchRate))

    private static let masters = Mutex<[UInt64: MasterFingerprint]>([:])
    private static let impressions = Mutex<[String: GrayImage]>([:])

    /// Impressions `numbers` of synthetic finger `seed`; masters and impressions are made once.
    static func images(seed: UInt64, impressions numbers: ClosedRange<Int>) -> [GrayImage] {
        let dataset = SyntheticDataset(seed: seed, fingers: 1, impressionsPerFinger: numbers.upperBound, parameters: parameters)
        return numbers.map { number in
            if let cached = impressions.withLock({ $0["\(seed)/\(number)"] }) { return cached }
            let image = dataset.impression(number, of: master(seed, dataset), finger: 1).image
            impressions.withLock { $0["\(seed)/\(number)"] = image }
            return image
        }
    }

    private static func master(_ seed: UInt64, _ dataset: SyntheticDataset) -> MasterFingerprint {
        if let cached = masters.withLock({ $0[seed] }) { return cached }
        let master = dataset.master(finger: 1)
        masters.withLock { $0[seed] = master }
        return master
    }

    /// A simulated sensor over impressions `numbers` of finger `seed`.
    static func sensor(seed: UInt64, impressions numbers: ClosedRange<Int> = 1...3,
                       style: SwipeSimulation.Style = .normal) -> SimulatedSensor {
        SimulatedSensor(images: images(seed: seed, impressions: numbers), style: style, seed: seed)
    }

    /// The features of one simulated swipe over impression `impression` of finger `seed`.
    static func features(seed: UInt64, impression: Int) throws -> FingerprintFeatures {
        let sensor = self.sensor(seed: seed, impressions: impression...impression)
        try sensor.open()
        defer { sensor.close() }
        let result = try SensorCapture(sensor: sensor, timeout: .seconds(1)).run()
        return engine.extract(try #require(result.stitched.image))
    }
}

/// Collects a flow's events and its outcome.
struct FlowRecording {
    var events: [BiometryEvent] = []
    var outcome: FlowOutcome?

    /// Runs `flow` to its end; `react` sees each event first (to answer prompts or cancel).
    static func run<Flow: BiometryFlow>(_ flow: Flow, react: (BiometryEvent, Flow) -> Void = { _, _ in }) async throws -> FlowRecording {
        var recording = FlowRecording()
        for try await event in flow {
            react(event, flow)
            recording.events.append(event)
            if case .finished(let outcome) = event { recording.outcome = outcome }
        }
        return recording
    }

    /// The events' names in order, for order checks.
    var names: [String] {
        events.map { event in
            switch event {
            case .swipeRequested: "swipeRequested"
            case .captureStatus(let status): "captureStatus.\(status)"
            case .framesArrived: "framesArrived"
            case .image: "image"
            case .quality: "quality"
            case .instruction(let instruction): "instruction.\(instruction.rawValue)"
            case .prompt: "prompt"
            case .processingStarted(let step): "processingStarted.\(step.rawValue)"
            case .processingStopped(let step): "processingStopped.\(step.rawValue)"
            case .swipeAccepted: "swipeAccepted"
            case .swipeRejected: "swipeRejected"
            case .chosenImage: "chosenImage"
            case .matchAccepted: "matchAccepted"
            case .matchRejected: "matchRejected"
            case .practiceStep: "practiceStep"
            case .finger(let presence): "finger.\(presence.rawValue)"
            case .device: "device"
            case .finished: "finished"
            }
        }
    }
}
