import Foundation
import Imaging

/// Differences between two images of the same size.
struct ImageComparison {
    let meanSquaredError: Double
    let maximumDifference: Int
    let differingPixels: Int

    init(_ first: GrayImage, _ second: GrayImage) {
        precondition(first.width == second.width && first.height == second.height,
                     "comparing \(first.width)×\(first.height) with \(second.width)×\(second.height)")
        var squares = 0.0, largest = 0, differing = 0
        for (a, b) in zip(first.pixels, second.pixels) {
            let difference = abs(Int(a) - Int(b))
            squares += Double(difference * difference)
            largest = max(largest, difference)
            if difference != 0 { differing += 1 }
        }
        meanSquaredError = squares / Double(max(first.pixels.count, 1))
        maximumDifference = largest
        differingPixels = differing
    }

    /// Peak signal-to-noise ratio in dB; 99 for identical images.
    var psnr: Double {
        meanSquaredError == 0 ? 99 : 10 * log10(255 * 255 / meanSquaredError)
    }
}
