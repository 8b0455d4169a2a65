import Fingerprint
import Foundation
import ImageCodecs

/// Where `bench accuracy --det` writes the DET plot: the SVG at the path given, the PNG beside it
/// with the extension replaced (`det.svg` → `det.png`), for viewers that show no SVG. Both
/// destinations are checked when the command starts, before the slow work, and each file appears
/// whole or not at all.
struct DETFiles {
    let svg: String
    let png: String

    init(_ svg: String) {
        self.svg = svg
        png = (svg as NSString).deletingPathExtension + ".png"
    }

    /// The two outputs, opened (and so checked) now.
    func open() throws -> (svg: CommandOutput, png: CommandOutput) {
        (try CommandOutput(svg, force: true, role: "DET curve file", mode: 0o644),
         try CommandOutput(png, force: true, role: "DET curve picture", mode: 0o644))
    }

    /// Writes both files; the PNG at twice the SVG's size.
    static func write(_ curve: DETCurve, to outputs: (svg: CommandOutput, png: CommandOutput)) throws {
        let drawing = curve.drawing()
        try outputs.svg.deliver(drawing.svg)
        let bytes: [UInt8]
        do {
            bytes = try ImageFile.encode(drawing.rasterised(scale: 2), as: .png)
        } catch {
            throw CommandFailure(.usage, "cannot draw the DET curve as PNG (\(error))")
        }
        try outputs.png.deliver(bytes)
    }
}
