import Fingerprint
import Foundation
import ImageCodecs
import Imaging
import Sensors

/// Writes what a capture produced: the image, and with `--frames-dir` every strip.
struct CaptureFiles {
    let imagePath: String
    let framesDirectory: String?

    func write(_ result: SensorCapture.Result) throws {
        if let image = result.stitched.image {
            try writeImage(image, to: imagePath)
        }
        guard let framesDirectory else { return }
        let directory = URL(fileURLWithPath: framesDirectory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.usage, "cannot create the frames directory \(framesDirectory): \(error.localizedDescription)")
        }
        for (name, image) in stripImages(result) {
            try writeImage(image, to: directory.appendingPathComponent(name).path)
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

    private func writeImage(_ image: GrayImage, to path: String) throws {
        do {
            try ImageFile.write(image, to: path)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
    }
}
