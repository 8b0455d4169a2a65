import Files
import Fingerprint
import Foundation
import ImageCodecs
import Imaging
import Sensors

/// Writes what a capture produced: the image, and with `--frames-dir` every strip. Made
/// before the sensor is opened, so a path that cannot be written is refused before the swipe.
struct CaptureFiles {
    let image: OutputFile
    let framesDirectory: String?

    /// Stages the image file (an earlier one is replaced once the new one is complete) and
    /// creates the frames folder.
    init(imagePath: String, framesDirectory: String?) throws {
        image = try OutputFile(imagePath, role: "image file", existing: .replace, mode: 0o600)
        if let framesDirectory { try OutputFolder.prepare(framesDirectory, role: "frames folder") }
        self.framesDirectory = framesDirectory
    }

    func write(_ result: SensorCapture.Result) throws {
        if let stitched = result.stitched.image {
            try convert { try ImageFile.write(stitched, to: image) }
        }
        guard let framesDirectory else { return }
        let directory = URL(fileURLWithPath: framesDirectory)
        for (name, strip) in stripImages(result) {
            try convert { try ImageFile.write(strip, to: directory.appendingPathComponent(name).path) }
        }
    }

    /// File names and pictures of the readout: one file per frame, the kept lines and their
    /// look-ahead strips stacked, or the sensor's own image; plus the assembled image before
    /// normalisation.
    private func stripImages(_ result: SensorCapture.Result) -> [(String, GrayImage)] {
        var images: [(String, GrayImage)] = []
        switch result.strips {
        case .frames(let frames, _):
            for (index, frame) in frames.enumerated() {
                let number = String(index)
                let name = "frame-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + ".png"
                images.append((name, GrayImage(width: frame.width, height: frame.height, pixels: frame.pixels)))
            }
        case .lines(let lines, _, _):
            if let first = lines.first {
                images.append(("lines.png", GrayImage(width: first.pixels.count, height: lines.count,
                                                      pixels: lines.flatMap(\.pixels))))
                if !first.lookAhead.isEmpty {
                    images.append(("lookahead.png", GrayImage(width: first.lookAhead.count, height: lines.count,
                                                              pixels: lines.flatMap(\.lookAhead))))
                }
            }
        case .image(let image):
            images.append(("sensor.png", image))
        case .rejected:
            break
        }
        if let raw = result.stitched.rawImage { images.append(("assembled.png", raw)) }
        return images
    }

    private func convert(_ write: () throws -> Void) throws {
        do {
            try write()
        } catch let error as ImageFileError {
            throw CommandFailure(.usage, error.description)
        }
    }
}
