import Fingerprint
import Foundation
import ImageCodecs

/// Where `bench accuracy --det` writes the DET plot: the SVG at the path given, the PNG beside it
/// with the extension replaced (`det.svg` → `det.png`), for viewers that show no SVG.
struct DETFiles {
    let svg: String
    let png: String

    init(_ svg: String) {
        self.svg = svg
        png = (svg as NSString).deletingPathExtension + ".png"
    }

    /// Writes both files; the PNG at twice the SVG's size.
    func write(_ curve: DETCurve) throws {
        let drawing = curve.drawing()
        do {
            try Data(drawing.svg.utf8).write(to: URL(fileURLWithPath: svg))
        } catch {
            throw CommandFailure(.usage, "\(svg): cannot write the DET curve (\(error.localizedDescription))")
        }
        do {
            try ImageFile.write(drawing.rasterised(scale: 2), to: png, format: .png)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
    }
}
