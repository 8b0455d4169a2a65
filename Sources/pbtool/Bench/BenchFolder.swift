import Files
import Fingerprint
import Foundation
import ImageCodecs
import Imaging

/// One side of `bench accuracy`: a folder of `FINGER_IMPRESSION.ext` files, all images or all
/// minutiae templates (`.iso`, `.ansi`, `.fmr` or `.compact`; the format is told by content).
struct BenchFolder {
    enum Contents {
        case images([GrayImage])
        case records([MinutiaeRecord])
    }

    let path: String
    /// Sorted by finger, then impression; `contents` follows the same order.
    let impressions: [FVCProtocol.Impression]
    let contents: Contents

    /// Reads `path`; `dpi` is the images' resolution (else a known FVC set's, else the files') and
    /// the compact templates' grid (else 500).
    static func load(_ path: String, dpi: Double?) throws -> BenchFolder {
        let named = try InputFolder.names(path, role: "data set folder")
            .filter { ImageFormat(path: $0) != nil || templateExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .compactMap { name in FVCProtocol.Impression(fileName: name).map { ($0, name) } }
            .sorted { $0.0 < $1.0 }
        let imageCount = named.filter { ImageFormat(path: $0.1) != nil }.count
        guard imageCount == 0 || imageCount == named.count else {
            throw CommandFailure(.usage, "\(path): mixes images and templates (\(imageCount) of \(named.count) files are images)")
        }
        let impressions = named.map(\.0), files = named.map { (path as NSString).appendingPathComponent($0.1) }
        if imageCount > 0 {
            let resolution = SensorResolution.dpi(explicit: dpi, path: path)
            return BenchFolder(path: path, impressions: impressions,
                               contents: .images(try files.map { try ImageFile.read($0, dpi: resolution) }))
        }
        let grid = ScanResolution(dpi: dpi ?? 500)
        let records = try files.map { file in
            do {
                return try MinutiaeRecord(bytes: try InputFile.read(file, role: "template file", limit: 1 << 20),
                                          compactCardResolution: grid)
            } catch let error as TemplateError {
                throw CommandFailure(.usage, "\(file): \(error)")
            }
        }
        return BenchFolder(path: path, impressions: impressions, contents: .records(records))
    }

    /// File name extensions read as templates; other names that are not images are ignored.
    static let templateExtensions: Set<String> = ["iso", "ansi", "fmr", "compact"]

    /// The first record's image size and resolution, when this folder holds records.
    var recordFrame: (width: Int, height: Int, dpi: Double)? {
        guard case .records(let records) = contents, let first = records.first else { return nil }
        return (first.imageWidth, first.imageHeight, first.resolution.xDPI)
    }

    /// This folder's files restricted to `kept` (a subset of ``impressions``, sorted).
    func restricted(to kept: [FVCProtocol.Impression]) -> BenchFolder {
        let index = Dictionary(uniqueKeysWithValues: impressions.enumerated().map { ($1, $0) })
        let positions = kept.compactMap { index[$0] }
        switch contents {
        case .images(let images): return BenchFolder(path: path, impressions: kept, contents: .images(positions.map { images[$0] }))
        case .records(let records): return BenchFolder(path: path, impressions: kept, contents: .records(positions.map { records[$0] }))
        }
    }
}
