import Foundation
import ImageCodecs
import Imaging
import TestSupport

/// Image comparison for the replay tests.
enum ReplayImages {
    /// capture.png as gray (it is RGB with R = G = B).
    static func expected(_ sensor: String) throws -> GrayImage {
        try ImageFile.read(SharedData.url("usb/\(sensor)/capture.png").path)
    }

    /// How many pixels differ; nil when the sizes differ.
    static func differingPixels(_ a: GrayImage, _ b: GrayImage) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    /// A fresh temporary directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The `--json` output of `pbtool sensor capture`.
    static func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let dictionary = object as? [String: Any] else { throw NotAnObject(text: text) }
        return dictionary
    }

    struct NotAnObject: Error { let text: String }
}
