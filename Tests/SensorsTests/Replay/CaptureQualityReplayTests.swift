import Foundation
import Testing
import TestSupport

/// `sensor capture --json` judges every recording with the engine: quality score, minutiae and
/// area against enrollment's minimums. A recording too poor to enrol says so; that is not an
/// error of the driver (the exit code follows the sensor's own feedback only).
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct CaptureQualityReplayTests {
    @Test(arguments: ["aes2501", "vfs5011", "vfs301", "vfs0050", "elan", "egis0570", "upektc_img", "aes3500", "nb1010", "vfs7552"])
    func everyRecordingReportsItsCaptureQuality(_ sensor: String) throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try UMockdevRun.pbtool(["sensor", "capture", "--sensor", sensor, "--json",
                                              "--out", directory.appendingPathComponent("f.png").path] + UMockdevRun.patientCapture,
                                             replaying: sensor)
        let report = try ReplayImages.json(outcome.standardOutput)
        let quality = try #require(report["quality"] as? [String: Any], "\(sensor): \(outcome.standardError)")
        let score = try #require(quality["score"] as? Int)
        #expect((0...100).contains(score))
        let minutiae = try #require(quality["minutiae"] as? Int)
        let area = try #require(quality["areaSquareMillimetres"] as? Double)
        let problems = try #require(quality["problems"] as? [String])
        #expect(quality["enrollable"] as? Bool == problems.isEmpty)
        #expect(quality["minimumScore"] as? Int == 40)
        let poor = score < 40 || minutiae < 16 || area < 60
        if poor { #expect(!problems.isEmpty, "\(sensor): score \(score), \(minutiae) minutiae, \(area) mm²") }
        #expect(outcome.status == ((report["feedback"] as? [String])?.isEmpty == true ? 0 : 1))
    }

    @Test func theAES2501RecordingIsTooPoorToEnrol() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try UMockdevRun.pbtool(["sensor", "capture", "--sensor", "aes2501",
                                              "--out", directory.appendingPathComponent("f.png").path] + UMockdevRun.patientCapture,
                                             replaying: "aes2501")
        #expect(outcome.standardOutput.contains("too poor to enrol (needs quality 40, 16 minutiae, 60 mm²)"))
    }
}
