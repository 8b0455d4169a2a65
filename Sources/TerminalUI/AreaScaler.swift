import Imaging

/// Resizes a gray image by area averaging: each output pixel is the mean of the input area it
/// covers, fractional edges weighted. Enlarging repeats pixels (nearest neighbour).
enum AreaScaler {
    static func scaled(_ image: GrayImage, width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, !image.isEmpty else { return [] }
        let columns = weights(from: image.width, to: width)
        let rows = weights(from: image.height, to: height)
        var horizontal = [Double](repeating: 0, count: width * image.height)
        for y in 0..<image.height {
            for (x, spans) in columns.enumerated() {
                var sum = 0.0
                for span in spans { sum += Double(image.pixels[y * image.width + span.index]) * span.weight }
                horizontal[y * width + x] = sum
            }
        }
        var out = [UInt8](repeating: 0, count: width * height)
        for (y, spans) in rows.enumerated() {
            for x in 0..<width {
                var sum = 0.0
                for span in spans { sum += horizontal[span.index * width + x] * span.weight }
                out[y * width + x] = UInt8(min(max(sum.rounded(), 0), 255))
            }
        }
        return out
    }

    /// For each output index, the input indices it covers and their weights (summing to 1).
    private static func weights(from source: Int, to target: Int) -> [[(index: Int, weight: Double)]] {
        let ratio = Double(source) / Double(target)
        return (0..<target).map { index in
            guard ratio > 1 else { return [(min(Int(Double(index) * ratio), source - 1), 1)] }
            let start = Double(index) * ratio, end = start + ratio
            var spans = [(index: Int, weight: Double)]()
            var position = start
            while position < end - 1e-9 {
                let cell = min(Int(position), source - 1)
                let next = min(Double(cell + 1), end)
                spans.append((cell, (next - position) / ratio))
                position = next
            }
            return spans
        }
    }
}
