import Foundation
import Imaging

/// A finger-shaped test picture: curved ridges (period 8 px) inside an ellipse on white.
public enum RidgePattern {
    public static func image(width: Int, height: Int) -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: width * height)
        let cx = Double(width) / 2, cy = Double(height) / 2
        for y in 0..<height {
            for x in 0..<width {
                let nx = (Double(x) - cx) / (cx * 0.9), ny = (Double(y) - cy) / (cy * 0.95)
                guard nx * nx + ny * ny < 1 else { continue }
                let radius = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy * 1.6) * (Double(y) - cy * 1.6)).squareRoot()
                let wave = sin(2 * Double.pi * radius / 8 + 0.3 * sin(Double(x) / 13))
                pixels[y * width + x] = UInt8(128 + 110 * wave)
            }
        }
        return GrayImage(width: width, height: height, dpi: 500, pixels: pixels)
    }
}
