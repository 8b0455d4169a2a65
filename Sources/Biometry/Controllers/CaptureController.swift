import Fingerprint
import Imaging
import Sensors
import SmartCard

/// One usable swipe, for export: swipe until the gates pass, end with the image, its features
/// and the sensor that took it. Nothing is compared or stored.
public final class CaptureController: BiometryFlow {
    /// How strictly and how patiently.
    public struct Configuration: Sendable {
        /// The finger the person is asked for; nil for any.
        public var finger: Finger?
        /// How long to wait for each swipe.
        public var timeout: Duration = .seconds(10)
        /// Unusable swipes in a row before giving up.
        public var maximumUnusableSwipes = 5
        /// The minimums the capture must reach.
        public var gates: SwipeGates = .enrollment

        /// The defaults above, for `finger`.
        public init(finger: Finger?) {
            self.finger = finger
        }
    }

    private let flowRun: FlowRun

    /// A capture with `sensor` (closed; the flow opens and closes it).
    public init(configuration: Configuration, sensor: any FingerprintSensor, engine: RecognitionEngine) {
        flowRun = FlowRun(name: "pbtool capture", body: SensorFlow(sensor: sensor, engine: engine) { session, context in
            let sampler = session.sampler(gates: configuration.gates, timeout: configuration.timeout)
            var unusable = 0
            while unusable < configuration.maximumUnusableSwipes {
                let request = SwipeRequest(finger: configuration.finger, number: unusable + 1, total: nil, purpose: .enrollment)
                guard let sample = try sampler.sample(request, in: context) else { return .timedOut }
                guard sample.isUsable, let features = sample.features, let image = sample.stitched.image else {
                    context.emit(.swipeRejected(sample.instructions))
                    unusable += 1
                    continue
                }
                context.emit(.swipeAccepted(request))
                return .captured(CapturedSwipe(image: image, features: features, reading: sample.reading,
                                               finger: configuration.finger, sensorID: session.sensor.profile.id,
                                               sensorName: session.sensor.profile.name))
            }
            throw BiometryError.tooManyUnusableSwipes(unusable)
        })
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<BiometryEvent, any Error>.AsyncIterator {
        flowRun.makeAsyncIterator()
    }

    public func answer(_ promptID: Int, with answer: PromptAnswer) {
        flowRun.control.answer(promptID, with: answer)
    }

    public func cancel() {
        flowRun.control.cancel()
    }
}

/// One accepted swipe with everything an export needs.
public struct CapturedSwipe: Sendable {
    /// The upright image.
    public let image: GrayImage
    /// Its minutiae, foreground and quality.
    public let features: FingerprintFeatures
    /// Quality and area against the gates.
    public let reading: QualityReading
    /// The finger asked for, if any.
    public let finger: Finger?
    /// The sensor's `--sensor` name (`aes2501`, `sim`).
    public let sensorID: String
    /// The sensor's vendor and model.
    public let sensorName: String
}
