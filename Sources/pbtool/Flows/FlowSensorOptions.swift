import ArgumentParser
import Biometry
import Sensors
import SimulatedSensors
import USB

/// `--sensor` and the simulated sensor's options, shared by every flow command.
struct FlowSensorOptions: ParsableArguments {
    @Option(help: """
        auto (the attached sensor), a model (aes2501, vfs5011, vfs301, vfs0050, elan, egis0570, \
        upektc_img, aes3500, nb1010, vfs7552), or sim[:SOURCE] without hardware: SOURCE is \
        synthetic:SEED (a synthetic finger), an image file, or a directory.
        """)
    var sensor = "auto"

    @Option(parsing: .unconditional, help: "How long to wait for each swipe or press, and for a sensor to be plugged in (10s, 7.5s, 500ms).",
            transform: OptionValue.duration)
    var timeout: DurationArgument?

    @Option(help: "Simulated swipe: normal, fast, partial, skewed, reverse or resting.")
    var swipe: SwipeSimulation.Style = .normal

    @Option(name: .customLong("swipe-seed"), help: "Seed of the simulated swipes' speed, drift and noise.")
    var swipeSeed: UInt64 = 1

    @Option(name: .customLong("sim-impression"), parsing: .unconditional, help: .hidden, transform: OptionValue.count(1...1000))
    var impression: Int?

    @Option(name: .customLong("sim-finger-delay"), parsing: .unconditional, help: .hidden, transform: OptionValue.duration)
    var fingerDelay: DurationArgument?

    @Option(name: .customLong("sim-unplug-after"), parsing: .unconditional, help: .hidden, transform: OptionValue.count(0...1_000_000))
    var unplugAfter: Int?

    @Flag(name: .customLong("sim-replug"), help: .hidden)
    var replug = false

    func validate() throws {
        do {
            _ = try SensorSelection(sensor)
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    /// The sensor, not yet opened. A USB sensor is waited for up to `--timeout` (10 s) when
    /// none is attached, and can be unplugged and plugged in again during the flow. A synthetic
    /// source gives `impressions` (1-based) of its finger, one per swipe in turn, so that
    /// enrollment and verification see different impressions as they would with a real finger.
    func makeSensor(impressions: ClosedRange<Int>, announce: Bool = true) throws -> any FingerprintSensor {
        let selection = try SensorSelection(sensor)
        guard case .simulated(let source) = selection else {
            let context = try USBContext()
            let detected = try SensorWait(selection: selection, timeout: timeout?.duration ?? .seconds(10), announce: announce)
                .sensor(in: context)
            return ReattachingSensor(detected, context: context)
        }
        let wanted = impression.map { $0...$0 } ?? impressions
        let images = try source.images(impressions: wanted)
        let simulated = SimulatedSensor(images: images, style: swipe, seed: swipeSeed)
        guard fingerDelay != nil || unplugAfter != nil else { return simulated }
        return FaultySensor(simulated, faults: FaultySensor.Faults(fingerDelay: fingerDelay?.duration ?? .zero,
                                                                  unplugAfter: unplugAfter, replugs: replug))
    }

    /// The timeout given, or `fallback`.
    func swipeTimeout(_ fallback: Duration) -> Duration {
        timeout?.duration ?? fallback
    }
}
