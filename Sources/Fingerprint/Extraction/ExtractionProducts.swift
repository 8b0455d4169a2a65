import Foundation
import Imaging

/// Every intermediate of one extraction, kept only when an observer asks to see them.
struct ExtractionProducts {
    let resampled: ResampledImage
    let normalized: NormalizedImage
    let orientation: OrientationField
    let mask: SegmentationMask
    let frequency: RidgeFrequency
    let enhanced: EnhancedImage
    let binarized: BinarizedImage
    let skeleton: Skeleton
    let minutiae: MinutiaSet

    func report(to observer: any ExtractionObserver, dpi: Double) {
        observer.record(.resampled) { resampled.raster.rendered(low: 0, high: 255, dpi: dpi) }
        observer.record(.normalized) { normalized.raster.rendered(low: 2.5, high: -2.5, dpi: dpi) }
        observer.record(.orientation) { orientationPicture(dpi: dpi) }
        observer.record(.segmentation) { segmentationPicture(dpi: dpi) }
        observer.record(.frequency) { frequencyPicture(dpi: dpi) }
        observer.record(.enhanced) { enhanced.raster.rendered(low: 1.5, high: -1.5, dpi: dpi) }
        observer.record(.binarized) { binarized.raster.rendered(dpi: dpi) }
        observer.record(.skeleton) { skeleton.raster.rendered(dpi: dpi) }
        observer.record(.minutiae) { minutiaePicture(dpi: dpi) }
    }

    /// A short line per block along the ridge direction, darker where the flow is reliable.
    private func orientationPicture(dpi: Double) -> GrayImage {
        var canvas = Canvas(resampled.raster.rendered(low: -255, high: 510, dpi: dpi))
        let grid = orientation.grid, half = Double(grid.blockSize) * 0.45
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let angle = orientation.angle(column: column, row: row)
                let x = (Double(column) + 0.5) * Double(grid.blockSize), y = (Double(row) + 0.5) * Double(grid.blockSize)
                let shade = UInt8(clamping: Int(200 * (1 - orientation.coherence[column, row])))
                canvas.line(x - half * cos(angle), y - half * sin(angle), x + half * cos(angle), y + half * sin(angle), shade)
            }
        }
        return canvas.image
    }

    /// The image, dimmed outside the foreground.
    private func segmentationPicture(dpi: Double) -> GrayImage {
        var picture = resampled.raster.rendered(low: 0, high: 255, dpi: dpi)
        for y in 0..<picture.height {
            for x in 0..<picture.width where !mask.contains(x: x, y: y) {
                picture[x, y] = 64 + picture[x, y] / 4
            }
        }
        return picture
    }

    /// Ridge period as gray level: 4 px black … 16 px white; background mid-gray.
    private func frequencyPicture(dpi: Double) -> GrayImage {
        var picture = GrayImage(width: resampled.raster.width, height: resampled.raster.height, dpi: dpi, fill: 128)
        for y in 0..<picture.height {
            for x in 0..<picture.width where mask.contains(x: x, y: y) {
                let period = frequency.period(x: Double(x), y: Double(y))
                picture[x, y] = UInt8(clamping: Int((period - 4) / 12 * 255))
            }
        }
        return picture
    }

    /// The skeleton, with a square at each minutia (hollow for bifurcations) and its direction.
    private func minutiaePicture(dpi: Double) -> GrayImage {
        var canvas = Canvas(skeleton.raster.rendered(dpi: dpi))
        for index in 0..<canvas.image.pixels.count where canvas.image.pixels[index] == 0 {
            canvas.image.pixels[index] = 170
        }
        for minutia in minutiae.candidates {
            canvas.square(minutia.x, minutia.y, radius: 3, filled: minutia.kind == .ending, shade: 0)
            canvas.line(minutia.x, minutia.y, minutia.x + 12 * cos(minutia.angle), minutia.y + 12 * sin(minutia.angle), 0)
        }
        return canvas.image
    }
}

/// Minimal drawing on a gray image for the inspection pictures.
struct Canvas {
    var image: GrayImage

    init(_ image: GrayImage) { self.image = image }

    mutating func plot(_ x: Int, _ y: Int, _ shade: UInt8) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        image[x, y] = shade
    }

    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ shade: UInt8) {
        let steps = max(Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)), 1)
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            plot(Int((x0 + t * (x1 - x0)).rounded()), Int((y0 + t * (y1 - y0)).rounded()), shade)
        }
    }

    mutating func square(_ x: Double, _ y: Double, radius: Int, filled: Bool, shade: UInt8) {
        let cx = Int(x.rounded()), cy = Int(y.rounded())
        for dy in -radius...radius {
            for dx in -radius...radius where filled || abs(dx) == radius || abs(dy) == radius {
                plot(cx + dx, cy + dy, shade)
            }
        }
    }
}
