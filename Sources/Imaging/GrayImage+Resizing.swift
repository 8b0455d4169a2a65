/// Resizing to an exact pixel size, aspect ratio not kept: what an SDK that wants a fixed image
/// size does to whatever it is given (the vendor templates in ../shared/data/fingerprints/iso-templates
/// were extracted from images resized to 300×400 this way).
extension GrayImage {
    /// A copy `width × height` pixels big. Each output pixel is a tent-weighted average of the
    /// source pixels within one output pixel's width of its centre (so shrinking does not alias);
    /// enlarging reduces to bilinear interpolation between pixel centres. The resolution becomes `dpi` (the caller knows what the
    /// resized image stands for; a plain resize has no single resolution when the axes scale differently).
    public func resized(width newWidth: Int, height newHeight: Int, dpi newDPI: Double) -> GrayImage {
        precondition(newWidth > 0 && newHeight > 0 && !isEmpty, "resizing needs non-empty images")
        let columns = ResizeWeights(source: width, target: newWidth)
        let rows = ResizeWeights(source: height, target: newHeight)
        var horizontal = [Float](repeating: 0, count: newWidth * height)
        for y in 0..<height {
            for x in 0..<newWidth {
                var sum: Float = 0
                for (index, weight) in columns.taps[x] { sum += weight * Float(pixels[y * width + index]) }
                horizontal[y * newWidth + x] = sum
            }
        }
        var output = [UInt8](repeating: 0, count: newWidth * newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var sum: Float = 0
                for (index, weight) in rows.taps[y] { sum += weight * horizontal[index * newWidth + x] }
                output[y * newWidth + x] = UInt8(min(max(sum.rounded(), 0), 255))
            }
        }
        return GrayImage(width: newWidth, height: newHeight, dpi: newDPI, pixels: output)
    }
}

/// For each output sample along one axis, the source samples it reads and their weights (summing to 1).
private struct ResizeWeights {
    var taps: [[(Int, Float)]] = []

    init(source: Int, target: Int) {
        let scale = Double(source) / Double(target)
        let support = max(scale, 1)
        for output in 0..<target {
            let centre = (Double(output) + 0.5) * scale - 0.5
            let first = Int((centre - support).rounded(.up)), last = Int((centre + support).rounded(.down))
            var row: [(Int, Float)] = []
            var total = 0.0
            for index in first...last {
                let weight = max(0, 1 - abs(Double(index) - centre) / support)
                guard weight > 0 else { continue }
                row.append((min(max(index, 0), source - 1), Float(weight)))
                total += weight
            }
            taps.append(row.map { ($0.0, $0.1 / Float(total)) })
        }
    }
}
