import Foundation
import ImageCodecs
import Imaging
import Testing
import TestSupport

/// `pbtool sensor capture` under umockdev with the new swipe sensors' real recordings, through
/// the real libusb: every transfer must match, and the image must equal capture.png.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct SwipeReplayTests {
    private func capture(_ sensor: String) throws -> (report: [String: Any], image: Imaging.GrayImage, outcome: UMockdevRun.Outcome) {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let arguments = ["sensor", "capture", "--sensor", sensor, "--out", out, "--json"] + UMockdevRun.patientCapture
        let outcome = try UMockdevRun.pbtool(arguments, replaying: sensor)
        let report = try ReplayImages.json(outcome.standardOutput)
        return (report, try ImageFile.read(out), outcome)
    }

    @Test func upektcReplayReproducesCapturePNG() throws {
        let (report, image, outcome) = try capture("upektc_img")
        #expect(report["scanType"] as? String == "swipe", "\(outcome.standardError)")
        // 12 set-up transfers, 90 of the capture; the session's end (2 more) follows the report.
        #expect(report["transfers"] as? Int == 102)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("upektc_img")) == 0)
    }

    @Test func elanReplayReproducesCapturePNG() throws {
        let (report, image, outcome) = try capture("elan")
        #expect(report["strips"] as? Int == 10, "\(outcome.standardError)")
        #expect(report["direction"] as? String == "reverse")
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("elan")) == 0)
    }

    @Test func vfs301ReplayReproducesCapturePNG() throws {
        let (report, image, outcome) = try capture("vfs301")
        #expect(report["stripKind"] as? String == "lines", "\(outcome.standardError)")
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs301")) == 0)
    }

    @Test func vfs0050ReplayReproducesCapturePNG() throws {
        let (report, image, outcome) = try capture("vfs0050")
        #expect(report["strips"] as? Int == 3_000, "\(outcome.standardError)")
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs0050")) == 0)
    }

    /// The recorded driver sends each command while the reply to the last is pending; the
    /// strict pcap replay waits for exactly that, so this test checks the overlapped transfers.
    @Test func egis0570ReplayReproducesCapturePNG() throws {
        let (report, image, outcome) = try capture("egis0570")
        #expect(report["strips"] as? Int == 60, "\(outcome.standardError)")
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("egis0570")) == 0)
    }
}
