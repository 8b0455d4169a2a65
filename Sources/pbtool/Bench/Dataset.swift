import Files
import Fingerprint
import Foundation
import ImageCodecs
import Imaging

/// A directory of fingerprint images named `FINGER_IMPRESSION.ext`, read in FVC order.
struct Dataset {
    let directory: String
    let fvc: FVCProtocol
    /// `images[i]` is impression `fvc.impressions[i]`.
    let images: [GrayImage]
    let dpi: Double

    /// Reads every image of `directory` whose name parses; `dpi` overrides the resolution, else a
    /// known FVC set's, else each file's own (or 500).
    static func load(_ directory: String, dpi: Double?) throws -> Dataset {
        let names = try InputFolder.names(directory, role: "data set folder")
        var found: [(FVCProtocol.Impression, String)] = []
        for name in names where ImageFormat(path: name) != nil {
            if let impression = FVCProtocol.Impression(fileName: name) { found.append((impression, name)) }
        }
        found.sort { $0.0 < $1.0 }
        let fingers = Set(found.map { $0.0.finger })
        guard fingers.count >= 2, found.count > fingers.count else {
            throw CommandFailure(.usage, "\(directory): needs images of at least 2 fingers with 2 impressions each, "
                                 + "named FINGER_IMPRESSION.ext (found \(found.count) image(s) of \(fingers.count) finger(s))")
        }
        let resolution = SensorResolution.dpi(explicit: dpi, path: directory)
        let images = try found.map { try ImageFile.read((directory as NSString).appendingPathComponent($0.1), dpi: resolution) }
        return Dataset(directory: directory, fvc: FVCProtocol(impressions: found.map(\.0)), images: images,
                       dpi: images.first?.dpi ?? 500)
    }

    var fingerCount: Int { Set(fvc.impressions.map(\.finger)).count }
}
