import ArgumentParser
import Biometry
import Sensors
import SimulatedSensors
import USB

/// `--sensor` and the simulated sensor's options, shared by every flow command.
struct FlowSensorOptions: ParsableArguments {
    @Option(help: """
        auto (the attached AES2501 or VFS5011), aes2501, vfs5011, or sim[:SOURCE] without \
        hardware: SOURCE is synthetic:SEED (a synthetic finger), an image file, or a directory.
        """)
    var sensor = "auto"

    @Option(help: "How long to wait for each swipe (10s, 7.5s, 500ms).")
    var timeout: DurationArgument?

    @Option(help: "Simulated swipe: normal, fast, partial, skewed, reverse or resting.")
    var swipe: SwipeSimulation.Style = .normal

    @Option(name: .customLong("swipe-seed"), help: "Seed of the simulated swipes' speed, drift and noise.")
    var swipeSeed: UInt64 = 1

    @Option(name: .customLong("sim-impression"), help: .hidden)
    var impression: Int?

    @Option(name: .customLong("sim-finger-delay"), help: .hidden)
    var fingerDelay: DurationArgument?

    @Option(name: .customLong("sim-unplug-after"), help: .hidden)
    var unplugAfter: Int?

    func validate() throws {
        do {
            _ = try SensorSelection(sensor)
        } catch {
            throw ValidationError(String(describing: error))
        }
        if let impression, impression < 1 { throw ValidationError("--sim-impression starts at 1") }
    }

    /// The sensor, not yet opened. A synthetic source gives `impressions` (1-based) of its
    /// finger, one per swipe in turn, so that enrollment and verification see different
    /// impressions as they would with a real finger.
    func makeSensor(impressions: ClosedRange<Int>) throws -> any SwipeSensor {
        let selection = try SensorSelection(sensor)
        guard case .simulated(let source) = selection else {
            let detected = try selection.detect(in: try USBContext())
            return SensorDiscovery.driver(for: detected)
        }
        let wanted = impression.map { $0...$0 } ?? impressions
        let images = try source.images(impressions: wanted)
        let simulated = SimulatedSensor(images: images, style: swipe, seed: swipeSeed)
        guard fingerDelay != nil || unplugAfter != nil else { return simulated }
        return FaultySensor(simulated, faults: FaultySensor.Faults(fingerDelay: fingerDelay?.duration ?? .zero,
                                                                  unplugAfter: unplugAfter))
    }

    /// The timeout given, or `fallback`.
    func swipeTimeout(_ fallback: Duration) -> Duration {
        timeout?.duration ?? fallback
    }
}
