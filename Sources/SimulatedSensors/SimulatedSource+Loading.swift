import Foundation
import ImageCodecs
import Imaging
import Sensors

extension SimulatedSource {
    /// The images this source stands for: one file, every image in a directory (name order,
    /// files with an image extension only), or `impressions` impressions of one synthetic finger.
    public func images(impressions: Int = 1) throws -> [GrayImage] {
        try images(impressions: 1...max(1, impressions))
    }

    /// Like ``images(impressions:)``, but a synthetic finger gives only impressions `numbers`
    /// (1-based), so a flow can start at impression 4 without making 1–3; files and directories
    /// ignore the range.
    public func images(impressions numbers: ClosedRange<Int>) throws -> [GrayImage] {
        switch self {
        case .synthetic(let seed):
            return SyntheticFingerSource.images(seed: seed, impressions: numbers)
        case .path(let path):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SensorError.badSource("the simulated sensor's source \(path) does not exist")
            }
            return isDirectory.boolValue ? try directoryImages(path) : [try read(path)]
        }
    }

    private func directoryImages(_ path: String) throws -> [GrayImage] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw SensorError.badSource("cannot list \(path): \(error.localizedDescription)")
        }
        let imageNames = names.filter { ImageFormat(path: $0) != nil && !$0.hasPrefix(".") }.sorted()
        guard !imageNames.isEmpty else {
            throw SensorError.badSource("\(path) holds no image files (\(ImageFormat.extensions))")
        }
        return try imageNames.map { try read(URL(fileURLWithPath: path).appendingPathComponent($0).path) }
    }

    private func read(_ path: String) throws -> GrayImage {
        let image: GrayImage
        do {
            image = try ImageFile.read(path)
        } catch {
            throw SensorError.badSource("the simulated sensor cannot use \(error)")
        }
        guard image.width >= 16, image.height >= 32 else {
            throw SensorError.badSource("\(path) is \(image.width)×\(image.height); a simulated swipe needs at least 16×32 pixels")
        }
        return image
    }
}

extension SimulatedSensor {
    /// A simulated sensor over `source`.
    public convenience init(source: SimulatedSource, style: SwipeSimulation.Style = .normal, seed: UInt64 = 1) throws {
        self.init(images: try source.images(), style: style, seed: seed)
    }
}
