import Foundation
import ImageCodecs
import Imaging
import Testing
import TestSupport

/// `pbtool sensor …` as a user runs it, with the simulated sensor and with no sensor attached.
@Suite struct SensorCommandTests {
    private func workspace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-sensor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A finger-like test picture written as PNG.
    private func finger(in directory: URL, name: String = "finger.png", width: Int = 160) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try ImageFile.write(RidgePattern.image(width: width, height: 240), to: path)
        return path
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aSimulatedSwipeWritesThePNG() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out.png").path
        let frames = directory.appendingPathComponent("frames").path
        let outcome = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:" + (try finger(in: directory)),
                                             "--out", out, "--frames-dir", frames, "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try json(outcome.standardOutput)
        #expect(report["accepted"] as? Bool == true)
        #expect(report["sensor"] as? String == "sim")
        #expect(report["feedback"] as? [String] == [])
        let image = try ImageFile.read(out)
        #expect(image.width == 192)
        #expect((report["image"] as? [String: Any])?["height"] as? Int == image.height)
        let written = try FileManager.default.contentsOfDirectory(atPath: frames)
        #expect(written.filter { $0.hasPrefix("frame-") }.count == report["strips"] as? Int)
        #expect(written.contains("assembled.png"))
    }

    @Test func aBadSwipeExitsOneWithAdvice() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:" + (try finger(in: directory)),
                                             "--swipe", "fast", "--out", directory.appendingPathComponent("o.png").path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("too fast, swipe again more slowly"))
        #expect(outcome.standardOutput.contains("Captured"))
    }

    @Test func aDirectorySourceIsUsedInNameOrder() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fingers = directory.appendingPathComponent("fingers")
        try FileManager.default.createDirectory(at: fingers, withIntermediateDirectories: true)
        _ = try finger(in: fingers, name: "b.png", width: 200)
        _ = try finger(in: fingers, name: "a.png", width: 120)
        try Data("not an image".utf8).write(to: fingers.appendingPathComponent("notes.txt"))
        let out = directory.appendingPathComponent("o.png").path
        let outcome = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:" + fingers.path, "--out", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try ImageFile.read(out).width == 120 + 32)
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("o.png").path
        let missing = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:/no/such/finger.png", "--out", out])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/no/such/finger.png does not exist"))
        let notImage = directory.appendingPathComponent("x.png")
        try Data("garbage".utf8).write(to: notImage)
        let garbage = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:" + notImage.path, "--out", out])
        #expect(garbage.status == 2)
        #expect(garbage.standardError.contains(notImage.path))
        #expect(try PBToolProcess.run(["sensor", "capture", "--sensor", "bogus", "--out", out]).status == 2)
        #expect(try PBToolProcess.run(["sensor", "capture", "--sensor", "sim", "--out", "x.gif"]).status == 2)
        #expect(try PBToolProcess.run(["sensor", "capture", "--timeout", "soon", "--out", out]).status == 2)
        #expect(try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:synthetic:x", "--out", out]).status == 2)
        #expect(try PBToolProcess.run(["sensor", "capture"]).status == 2)
    }

    @Test func withoutHardwareThereIsNoSensor() throws {
        // Outside umockdev this machine has no supported sensor (the container has no USB bus).
        let list = try PBToolProcess.run(["sensor", "list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("No supported fingerprint sensor found on USB"))
        let capture = try PBToolProcess.run(["sensor", "capture", "--out", "/tmp/never.png", "--timeout", "300ms"])
        #expect(capture.status == 8)
        #expect(capture.standardError.contains("use --sensor sim to try without hardware"))
        #expect(capture.standardError.contains("(waited 0.3 s for one to be plugged in)"))
        let info = try PBToolProcess.run(["sensor", "info", "--sensor", "vfs5011", "--json"])
        #expect(info.status == 0)
        let report = try json(info.standardOutput)
        #expect((report["profile"] as? [String: Any])?["kind"] as? String == "lines")
        #expect(report["device"] == nil)
    }

    @Test func theDefaultSimulatedSensorNeedsNoFiles() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("synthetic.png").path
        let outcome = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim", "--out", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = try ImageFile.read(out)
        #expect(image.width == 432 && image.height > 160)
    }

    /// A capture is written as JPEG or JPEG 2000 when the name says so, at the sensor's resolution.
    @Test(arguments: [("capture.jpg", ImageFormat.jpeg), ("capture.jp2", .jpeg2000)])
    func capturesMayBeWrittenAsJPEGOrJPEG2000(name: String, format: ImageFormat) throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent(name).path
        let outcome = try PBToolProcess.run(["sensor", "capture", "--sensor", "sim:synthetic:3", "--out", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let decoded = try ImageFile.readDecoded(out)
        #expect(decoded.info.format == format && decoded.info.storedDPI == decoded.image.dpi)
        #expect(decoded.image.width == 432 && decoded.image.height > 160)
    }

    @Test func supportedListsEveryModelWithItsScanType() throws {
        let text = try PBToolProcess.run(["sensor", "list", "--supported"])
        #expect(text.status == 0)
        #expect(text.standardOutput.split(separator: "\n").count == 10)
        #expect(text.standardOutput.contains("nb1010      press  NEXT Biometrics NB-1010-U  298d:1010  one 256×180 image, 500 dpi"))
        let outcome = try PBToolProcess.run(["sensor", "list", "--supported", "--json"])
        let models = try #require(try json(outcome.standardOutput)["supported"] as? [[String: Any]])
        let kinds = Dictionary(uniqueKeysWithValues: models.map { ($0["id"] as? String ?? "", $0["scanType"] as? String ?? "") })
        #expect(kinds.filter { $0.value == "press" }.keys.sorted() == ["aes3500", "nb1010", "vfs7552"])
        #expect(kinds.filter { $0.value == "swipe" }.count == 7)
        #expect(models.flatMap { $0["usbIDs"] as? [String] ?? [] }.count == 18)
    }
}
