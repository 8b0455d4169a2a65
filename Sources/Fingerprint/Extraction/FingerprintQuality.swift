/// Overall image quality from the size of the usable area and the clarity of its ridge flow.
enum FingerprintQuality {
    /// Foreground area (mm²) at which the area term saturates: about a third of a fingertip.
    static let fullArea = 100.0
    /// Mean ridge-flow coherence at which the clarity term saturates.
    static let fullCoherence: Float = 0.6

    /// 0 (unusable) to 100: clarity × area, each capped at 1.
    static func rate(mask: SegmentationMask, orientation: OrientationField, resolution: Double) -> Int {
        var coherence: Float = 0, blocks = 0
        for index in mask.foreground.indices where mask.foreground[index] {
            coherence += orientation.coherence.values[index]
            blocks += 1
        }
        guard blocks > 0 else { return 0 }
        let millimetres = Double(mask.grid.blockSize) * 25.4 / resolution
        let area = Double(blocks) * millimetres * millimetres
        let clarity = min(Double(coherence / Float(blocks) / fullCoherence), 1)
        return Int((100 * clarity * min(area / fullArea, 1)).rounded())
    }
}
