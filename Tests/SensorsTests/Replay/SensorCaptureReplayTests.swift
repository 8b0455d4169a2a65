import Foundation
import ImageCodecs
import Imaging
import Testing
import TestSupport

/// `pbtool sensor capture` under umockdev with the real recordings, through the real libusb:
/// every transfer must match, and the image must equal capture.png pixel for pixel.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct SensorCaptureReplayTests {
    @Test func aes2501ReplayReproducesCapturePNG() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let frames = directory.appendingPathComponent("frames").path
        let outcome = try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", "aes2501", "--out", out, "--frames-dir", frames,
             "--transfer-timeout", "2s", "--json"] + UMockdevRun.patientCapture,
            device: UMockdevRun.aes2501Device, recording: UMockdevRun.aes2501Recording)
        // The recorded swipe is a real but poor print: the image is written, and the feedback
        // says too little of the finger shows ridges, so the command exits 1.
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let report = try ReplayImages.json(outcome.standardOutput)
        #expect(report["transfers"] as? Int == 2936)
        #expect(report["strips"] as? Int == 45)
        #expect(report["direction"] as? String == "forward")
        #expect(report["feedback"] as? [String] == ["tooLittleArea"])
        let image = try ImageFile.read(out)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("aes2501")) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames)
        #expect(names.filter { $0.hasPrefix("frame-") }.count == 45)
        // The raw canvas is capture.png before the 180° turn and the inversion (libfprint 1.94.5's aes2501 driver).
        let raw = try ImageFile.read(frames + "/assembled.png")
        #expect(ReplayImages.differingPixels(raw, try ReplayImages.expected("aes2501")) == 29_954)
    }

    @Test func vfs5011ReplayReproducesCapturePNG() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let frames = directory.appendingPathComponent("lines").path
        let outcome = try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", "vfs5011", "--out", out, "--frames-dir", frames,
             "--transfer-timeout", "2s", "--json"] + UMockdevRun.patientCapture,
            device: UMockdevRun.vfs5011Device, recording: UMockdevRun.vfs5011Recording)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ReplayImages.json(outcome.standardOutput)
        #expect(report["transfers"] as? Int == 126)
        #expect(report["captureTransfers"] as? Int == 29)
        #expect(report["strips"] as? Int == 273)
        #expect(report["accepted"] as? Bool == true)
        let image = try ImageFile.read(out)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs5011")) == 0)
        let lines = try ImageFile.read(frames + "/lines.png")
        #expect(lines.width == 160 && lines.height == 273)
    }

    @Test func autoFindsTheRecordedSensor() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let outcome = try UMockdevRun.pbtool(["sensor", "capture", "--out", out, "--transfer-timeout", "2s"] + UMockdevRun.patientCapture,
                                             device: UMockdevRun.vfs5011Device, recording: UMockdevRun.vfs5011Recording)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Captured 160×334"))
        #expect(outcome.standardOutput.contains("Validity VFS5011 (138a:0017)"))
    }
}
