import Foundation
import ImageCodecs
import Imaging
import Testing
import TestSupport

/// `pbtool sensor capture` under umockdev with the press sensors' real recordings, through the
/// real libusb: every transfer must match, and the image must equal capture.png.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct PressReplayTests {
    @Test func nb1010ReplayReproducesCapturePNG() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let outcome = try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", "nb1010", "--out", out, "--json"] + UMockdevRun.patientCapture, replaying: "nb1010")
        let report = try ReplayImages.json(outcome.standardOutput)
        #expect(report["scanType"] as? String == "press")
        #expect(report["stripKind"] as? String == "image")
        #expect(report["transfers"] as? Int == 96, "\(outcome.standardError)")
        let image = try ImageFile.read(out)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("nb1010")) == 0)
    }

    @Test func aes3500ReplayReproducesCapturePNG() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let outcome = try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", "aes3500", "--out", out, "--json"] + UMockdevRun.patientCapture, replaying: "aes3500")
        let report = try ReplayImages.json(outcome.standardOutput)
        #expect(report["scanType"] as? String == "press")
        #expect(report["transfers"] as? Int == 14, "\(outcome.standardError)")
        let image = try ImageFile.read(out)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("aes3500")) == 0)
    }

    @Test func vfs7552ReplayReproducesCapturePNG() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let outcome = try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", "vfs7552", "--out", out, "--json"] + UMockdevRun.patientCapture, replaying: "vfs7552")
        let report = try ReplayImages.json(outcome.standardOutput)
        #expect(report["scanType"] as? String == "press", "\(outcome.standardError)")
        let image = try ImageFile.read(out)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs7552")) == 0)
    }
}
