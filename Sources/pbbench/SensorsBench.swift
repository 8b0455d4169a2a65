import Fingerprint
import Foundation
import ImageCodecs
import Imaging
import Sensors
import SimulatedSensors
import USB

/// Swipe assembly speed: the two recorded swipes (replayed in process from ../shared) and a
/// simulated swipe over a 400×400 finger, capture to stitched image.
struct SensorsBench: BenchSuite {
    static let name = "sensors"
    static let summary = "swipe stitching: recorded AES2501 and VFS5011 swipes, simulated 400×400 swipe"

    private let iterations = 30

    func run(_ report: BenchReport) async throws {
        if let aes2501 = try recordedAES2501Frames() {
            let stitcher = SensorProfile.aes2501.stitcher
            let time = fastestMilliseconds { _ = stitcher.stitch(frames: aes2501) }
            report.record("AES2501 recorded swipe, \(aes2501.count) frames → 288×118", time, unit: "ms", target: .atMost(10))
            report.note("per frame: \(BenchReport.format(time / Double(aes2501.count))) ms")
        }
        if let vfs5011 = try recordedVFS5011Lines() {
            let stitcher = SensorProfile.vfs5011.stitcher
            let time = fastestMilliseconds { _ = stitcher.stitch(lines: vfs5011) }
            report.record("VFS5011 recorded swipe, \(vfs5011.count) lines → 160×334", time, unit: "ms", target: .atMost(10))
        }
        if !SharedDataLocation.isAvailable {
            report.skip("recorded swipes: \(SharedDataLocation.root.path) is absent")
        }
        let finger = try fingerImage()
        let sensor = SimulatedSensor(images: [finger.image], style: .normal, seed: 1)
        try sensor.open()
        var frames = 0
        var stitching: [Double] = []
        let time = try fastestMillisecondsThrowing {
            let result = try SwipeCapture(sensor: sensor, timeout: .seconds(1)).run()
            frames = result.strips.count
            stitching.append(Self.milliseconds(result.stitchingTime))
        }
        report.record("simulated 400×400 swipe (\(finger.origin)), \(frames) frames, capture → stitched",
                      time, unit: "ms", target: .atMost(20))
        report.note("of which stitching: \(BenchReport.format(stitching.min() ?? .nan)) ms")
    }

    /// The AES2501 driver replayed over the recorded conversation; its 45 frames.
    private func recordedAES2501Frames() throws -> [SwipeFrame]? {
        guard SharedDataLocation.isAvailable else { return nil }
        let path = SharedDataLocation.root.appendingPathComponent("usb/aes2501/capture.pcapng").path
        let capture = try USBMonCapture(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
        let player = USBRecordingPlayer(transfers: capture.transfers(bus: 1, device: 44).filter { $0.type == .bulk })
        guard case .frames(let frames, _) = try strips(from: AES2501Sensor(transport: player)) else { return nil }
        return frames
    }

    /// The VFS5011 driver replayed over the recorded ioctl tree; its 273 kept lines.
    private func recordedVFS5011Lines() throws -> [ScanLine]? {
        guard SharedDataLocation.isAvailable else { return nil }
        let path = SharedDataLocation.root.appendingPathComponent("usb/vfs5011/capture.ioctl").path
        let tree = try UMockdevIoctlTree(text: try String(contentsOfFile: path, encoding: .utf8), source: path)
        guard case .lines(let lines, _, _) = try strips(from: VFS5011Sensor(transport: UMockdevIoctlPlayer(tree: tree)))
        else { return nil }
        return lines
    }

    private func strips(from sensor: any SwipeSensor) throws -> SwipeStrips {
        let deadline = ContinuousClock.now + .seconds(30)
        try sensor.open()
        defer { sensor.close() }
        try sensor.waitForFinger(until: deadline)
        return try sensor.captureStrips(until: deadline)
    }

    /// A 400×400 synthetic finger (`sim:synthetic:1`); generating it is not measured.
    private func fingerImage() throws -> (image: GrayImage, origin: String) {
        (try SimulatedSource.synthetic(seed: 1).images()[0], "synthetic:1")
    }

    private func fastestMilliseconds(_ body: () -> Void) -> Double {
        (try? fastestMillisecondsThrowing(body)) ?? .nan
    }

    /// The fastest of `iterations` runs after one warm-up: on a shared machine the minimum is
    /// the stable figure; the mean carries whatever else the machine did.
    private func fastestMillisecondsThrowing(_ body: () throws -> Void) throws -> Double {
        try body()
        var fastest = Double.infinity
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            try body()
            fastest = min(fastest, Self.milliseconds(ContinuousClock.now - start))
        }
        return fastest
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
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
