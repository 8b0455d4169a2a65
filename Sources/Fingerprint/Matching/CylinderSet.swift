import Foundation

/// A minutia in matcher coordinates: pixels at 500 dpi, y down, angle in image coordinates
/// (from the x axis towards the y axis, radians).
struct MatchMinutia: Sendable, Hashable {
    var x: Double
    var y: Double
    var angle: Double
    var kind: Minutia.Kind
}

/// The Minutia Cylinder-Code descriptors of one template, bit-packed for fast comparison.
///
/// Each minutia's cylinder records, in its own rotated frame, where its neighbours lie and which
/// way they point: `spatialCells² × directionalCells` bits, plus as many validity bits saying
/// which cells lie inside the seen area. Minutiae without a valid cylinder are kept for geometry.
struct CylinderSet: Sendable {
    let minutiae: [MatchMinutia]
    /// 64-bit words per bit vector.
    let wordCount: Int
    /// For cylinder `i`: value words at `i·2·wordCount`, validity words right after.
    let words: [UInt64]
    let isValid: [Bool]
    /// Bits of the cells inside the cylinder's circle (the most two cylinders can share).
    let insideBits: Int

    init(minutiae: [MatchMinutia], foreground: ForegroundDistance?, parameters: MatchingParameters) {
        let layout = CylinderLayout(parameters: parameters)
        self.minutiae = minutiae
        wordCount = layout.wordCount
        insideBits = layout.insideCells * layout.layers
        var words = [UInt64](repeating: 0, count: minutiae.count * 2 * layout.wordCount)
        var isValid = [Bool](repeating: false, count: minutiae.count)
        for index in minutiae.indices {
            isValid[index] = layout.fill(&words, at: index * 2 * layout.wordCount, centre: index,
                                         minutiae: minutiae, foreground: foreground, parameters: parameters)
        }
        self.words = words
        self.isValid = isValid
    }
}
