import ArgumentParser
import Biometry
import Fingerprint
import ImageCodecs
import Sensors
import SimulatedSensors
import USB

/// `pbtool sensor capture`: one swipe to one image file.
struct SensorCaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Capture one swipe or press and write the fingerprint image.",
        discussion: """
            Waits up to --timeout for the sensor to be plugged in and for a finger, reads the \
            strips (or the press image), assembles them into an upright image, and writes it \
            (PNG, or the format the extension names). When the swipe was not good enough the \
            image is still written, the advice is printed (for example "too fast, swipe again \
            more slowly") and the exit code is 1. The engine's quality score, minutiae and area \
            are reported against enrollment's minimums ("too poor to enrol" is not an error).

            --sensor sim[:SOURCE] needs no hardware: SOURCE is an image file, a directory of \
            images, or synthetic:SEED (default synthetic:1); --swipe chooses how the simulated \
            finger moves.

            Exit codes: 0 good capture, 1 swipe needs repeating, 2 bad arguments, 7 no finger \
            within --timeout, 8 no sensor (within --timeout), no access, sensor busy, or the \
            sensor failed or vanished.

            Examples:
              pbtool sensor capture --out finger.png
              pbtool sensor capture --sensor aes2501 --out finger.png --frames-dir frames/
              pbtool sensor capture --sensor sim:synthetic:42 --swipe fast --out fast.png --json
              pbtool sensor capture --out finger.jp2
            """
    )

    @Option(help: ArgumentHelp("Image file to write.", valueName: "file"))
    var out: String

    @Option(help: "auto, a model (pbtool sensor list --supported names them) or sim[:SOURCE].")
    var sensor = "auto"

    @Option(help: ArgumentHelp("Also write every strip (and the unnormalised assembly) into this directory.",
                               valueName: "dir"))
    var framesDir: String?

    @Option(parsing: .unconditional, help: "How long to wait for the sensor to be plugged in, and for a finger (10s, 500ms, 1m).",
            transform: OptionValue.duration)
    var timeout = DurationArgument(seconds: 10, text: "10s")

    @Option(parsing: .unconditional, help: "Timeout of each USB transfer (default: the sensor's own, 3–4 s).", transform: OptionValue.duration)
    var transferTimeout: DurationArgument?

    @Option(help: "Simulated swipe: normal, fast, partial, skewed, reverse or resting.")
    var swipe: SwipeSimulation.Style = .normal

    @Option(help: "Seed of the simulated swipe's speed, drift and noise.")
    var seed: UInt64 = 1

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard ImageFormat(path: out) != nil else {
            throw ValidationError("cannot tell the image format from '\(out)'; use \(ImageFormat.extensions)")
        }
        do {
            _ = try SensorSelection(sensor)
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    func run() throws {
        let files = try CaptureFiles(imagePath: out, framesDirectory: framesDir)
        let selection = try SensorSelection(sensor)
        let (sensor, device) = try makeSensor(selection)
        if let transferTimeout { sensor.transferTimeout = transferTimeout.duration }
        try sensor.open()
        defer { sensor.close() }
        if !json { printError(sensor.profile.kind.instruction(sensorName: sensor.profile.name)) }
        let result = try SensorCapture(sensor: sensor, timeout: timeout.duration).run()
        try files.write(result)
        let gates = SwipeGates.enrollment
        let assessment = CaptureAssessment(stitched: result.stitched, engine: RecognitionEngine(threshold: .unused), gates: gates)
        let report = CaptureReport(result: result, profile: sensor.profile, device: device, imagePath: out,
                                   assessment: assessment, gates: gates)
        if json {
            try JSONOutput.print(report)
        } else {
            report.lines.forEach { print($0) }
        }
        if !result.stitched.isAccepted {
            let advice = result.stitched.feedback.map(\.advice).joined(separator: "; ")
            throw CommandFailure(.negative, advice.isEmpty ? "no image, swipe again" : advice)
        }
    }

    private func makeSensor(_ selection: SensorSelection) throws -> (any FingerprintSensor, USBDevice?) {
        if case .simulated(let source) = selection {
            return (try SimulatedSensor(source: source, style: swipe, seed: seed), nil)
        }
        let detected = try SensorWait(selection: selection, timeout: timeout.duration, announce: !json)
            .sensor(in: try USBContext())
        return (SensorDiscovery.driver(for: detected), detected.device)
    }
}

extension SwipeSimulation.Style: ExpressibleByArgument {}
