import Fingerprint
import Foundation
import Imaging
import Sensors
import SimulatedSensors
import USB

/// Sensor speed: every recorded capture in ../shared/data/usb assembled (≤ 10 ms each) and
/// replayed end to end in process with the protocol's pauses (no longer than the recorded device
/// took, where the recording keeps times), and through `pbtool sensor capture` under umockdev
/// (reported: its time is mostly umockdev's); and a simulated swipe.
struct SensorsBench: BenchSuite {
    static let name = "sensors"
    static let summary = "assembly and replay of the ten recorded sensors; simulated 400×400 swipe"

    private let iterations = 30

    func run(_ report: BenchReport) async throws {
        if SharedDataLocation.isAvailable {
            for driver in SensorDrivers.all {
                let directory = SharedDataLocation.root.appendingPathComponent("usb/\(driver.model.id)")
                guard FileManager.default.fileExists(atPath: directory.path) else { continue }
                try RecordedSensorBench(recording: try USBRecordingDirectory(directory), profile: driver.model,
                                        iterations: iterations).run(report)
            }
        } else {
            report.skip("recorded sensors: \(SharedDataLocation.root.path) is absent")
        }
        try simulatedSwipe(report)
    }

    private func simulatedSwipe(_ report: BenchReport) throws {
        let finger = try SimulatedSource.synthetic(seed: 1).images()[0]
        let sensor = SimulatedSensor(images: [finger], style: .normal, seed: 1)
        try sensor.open()
        var frames = 0
        var stitching: [Double] = []
        let time = try BenchTiming.fastest(of: iterations) {
            let result = try SensorCapture(sensor: sensor, timeout: .seconds(1)).run()
            frames = result.strips.count
            stitching.append(result.stitchingTime / .milliseconds(1))
        }
        report.record("simulated 400×400 swipe (synthetic:1), \(frames) frames, capture → stitched",
                      time, unit: "ms", target: .atMost(20))
        report.note("of which stitching: \(BenchReport.format(stitching.min() ?? .nan)) ms")
    }
}

/// The figures of one recording.
private struct RecordedSensorBench {
    let recording: USBRecordingDirectory
    let profile: SensorProfile
    let iterations: Int

    func run(_ report: BenchReport) throws {
        let id = profile.id
        let captured = try capture(pauses: false)
        let readout = captured.strips
        let stitcher = profile.stitcher
        let image = readout.stitched(by: stitcher, fingerRemoved: true).image
        let assembly = try BenchTiming.fastest(of: iterations) { _ = readout.stitched(by: stitcher, fingerRemoved: true) }
        let size = image.map { "\($0.width)×\($0.height)" } ?? "no image"
        report.record("\(id) assembly, \(readout.count) \(noun(readout)) → \(size)", assembly, unit: "ms", target: .atMost(10))
        let span = recording.recordedSpan.map { $0 / .milliseconds(1) }
        let target = span.map { BenchTarget.atMost($0) }
        let inProcess = try BenchTiming.fastest(of: 5) { _ = try capture(pauses: true) }
        report.record("\(id) replay in process, open to assembled image", inProcess, unit: "ms", target: target)
        if let umockdev = try underUMockdev(report) {
            // No target: umockdev emulates each URB through several round trips between the
            // preload library and umockdev-run, so this time grows with the transfer count
            // whatever the driver does; the in-process replay above carries the target.
            report.record("\(id) replay: pbtool sensor capture under umockdev, less umockdev's start", umockdev, unit: "ms")
            report.note("\(id) under umockdev: \(BenchReport.format(umockdev / Double(max(1, captured.transfersSinceOpen)))) ms per transfer, \(captured.transfersSinceOpen) transfers")
        }
        if let span {
            report.note("the recorded device took \(BenchReport.format(span)) ms, first transfer to last")
        } else {
            report.note("no replay target: an ioctl recording keeps no times")
        }
    }

    /// One capture over the recording as `sensor capture` makes it (open, finger, capture, lift
    /// for a swipe, assembly, close), with or without the protocol's pauses.
    private func capture(pauses: Bool) throws -> SensorCapture.Result {
        guard let sensor = SensorDrivers.driver(profile.id, over: recording.player(), pauses: pauses) else {
            throw BenchFailure("no driver for \(profile.id)")
        }
        defer { sensor.close() }
        try sensor.open()
        return try SensorCapture(sensor: sensor, timeout: .seconds(30)).run()
    }

    /// The release pbtool's capture under umockdev-run, spawn to exit, less umockdev-run's own
    /// cost (the same device description running `true`): the fastest of 3 runs each. Nil (and
    /// a skip) when umockdev-run or the release pbtool is missing.
    private func underUMockdev(_ report: BenchReport) throws -> Double? {
        let pbtool = APDUScriptBench.executable("pbtool").path
        guard let umockdev = BenchTiming.onPath("umockdev-run"), let idle = BenchTiming.onPath("true"),
              FileManager.default.isExecutableFile(atPath: pbtool) else {
            report.skip("\(profile.id) under umockdev: needs umockdev-run and \(pbtool)")
            return nil
        }
        let device = ["-d", recording.url.appendingPathComponent("device").path]
        let replay = switch recording.conversation {
        case .ioctl: ["-i", "\(recording.node)=\(recording.url.appendingPathComponent("capture.ioctl").path)"]
        case .pcapng: ["-p", "\(recording.sysfsPath)=\(recording.url.appendingPathComponent("capture.pcapng").path)"]
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-\(profile.id).png").path
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: out)) }
        let capture = device + replay + ["--", pbtool, "sensor", "capture", "--sensor", profile.id, "--out", out]
        // Exit 1 is a capture with feedback (the AES2501 and UPEK recordings' images are small).
        let total = try BenchTiming.fastest(of: 3) { _ = try SpawnedRun.milliseconds(umockdev, capture, accepted: [0, 1]) }
        let baseline = try BenchTiming.fastest(of: 3) { _ = try SpawnedRun.milliseconds(umockdev, device + ["--", idle]) }
        report.note("\(profile.id) under umockdev: \(BenchReport.format(total)) ms in all, of which umockdev-run's own start \(BenchReport.format(baseline)) ms")
        return total - baseline
    }

    private func noun(_ readout: SensorReadout) -> String {
        switch readout {
        case .frames: "frames"
        case .lines: "lines"
        case .image, .rejected: "image"
        }
    }
}

/// Timing helpers of the sensor suite.
enum BenchTiming {
    /// The fastest of `runs` runs after one warm-up, in milliseconds: on a shared machine the
    /// minimum is the stable figure.
    static func fastest(of runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()
        var fastest = Double.infinity
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            fastest = min(fastest, (ContinuousClock.now - start) / .milliseconds(1))
        }
        return fastest
    }

    /// The full path of `program` on PATH.
    static func onPath(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// `../shared/data` beside the checkout, or `PBTOOL_SHARED_DATA`.
private enum SharedDataLocation {
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["PBTOOL_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }
}
