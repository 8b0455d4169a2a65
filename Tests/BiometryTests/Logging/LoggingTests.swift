import Fingerprint
import Foundation
import Imaging
import Testing
@testable import Biometry

@Suite struct LoggingTests {
    @Test func eachRunStartsANewFileAndOldOnesRotate() throws {
        let store = try TemporaryStore()
        let path = store.path("logs/pbtool.log")
        for run in 1...3 {
            let log = try RotatingLogFile(path: path, keep: 2)
            log.write("run \(run)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "run 3\n")
        #expect(try String(contentsOfFile: path + ".1", encoding: .utf8) == "run 2\n")
        #expect(try String(contentsOfFile: path + ".2", encoding: .utf8) == "run 1\n")
        let fourth = try RotatingLogFile(path: path, keep: 2)
        #expect(fourth.files == [path, path + ".1", path + ".2"])
        #expect(try String(contentsOfFile: path + ".2", encoding: .utf8) == "run 2\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func aFullFileRotatesAtTheLimit() throws {
        let store = try TemporaryStore()
        let path = store.path("pbtool.log")
        let log = try RotatingLogFile(path: path, limit: 100, keep: 3)
        for index in 0..<10 { log.write(String(repeating: "\(index)", count: 39)) }
        for file in log.files {
            let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
            #expect(size <= 100)
        }
        #expect(log.files.count == 4)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == String(repeating: "8", count: 39) + "\n" + String(repeating: "9", count: 39) + "\n")
    }

    @Test func eventLinesNeverCarryPixels() {
        let image = GrayImage(width: 4, height: 2, dpi: 500, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let line = EventLogLine.text(.image(SwipeImages(processed: image, raw: nil)))
        #expect(line.contains("image 4x2 dpi=500 pixels=redacted"))
        let report = MatchReport(finger: .rightIndex, user: "alice", place: .host, score: 0.5,
                                 threshold: Threshold(score: 0.1, falseMatchRate: 0.0001), retriesLeft: 3)
        #expect(EventLogLine.text(.matchAccepted(report)).contains("matchAccepted finger=right-index place=host score=0.5000 threshold=0.1000 retriesLeft=3"))
    }
}
