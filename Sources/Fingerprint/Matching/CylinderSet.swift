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
/// way they point (``CylinderLayout`` gives the bit layout), and which of its cells lie inside
/// the seen area. Minutiae without a valid cylinder are kept for geometry.
struct CylinderSet: Sendable {
    let minutiae: [MatchMinutia]
    let cellWords: Int
    let layers: Int
    /// Bit planes of the per-cell layer counts (see ``CylinderLayout``).
    let planes: Int
    /// Words per cylinder; cylinder `i` starts at `i · stride`.
    let stride: Int
    let words: [UInt64]
    let isValid: [Bool]
    /// Cells inside the cylinder's circle (the most two cylinders can share).
    let insideCells: Int
    /// Whether every cell inside the circle is valid (the common case away from the edges).
    let isComplete: [Bool]
    /// Set value bits per cylinder.
    let valueCounts: [Int32]
    /// Minutia angles as `Float`, for the direction check.
    let angles: [Float]
    /// What the similarity loop reads per cylinder, side by side in memory.
    let summaries: [CylinderSummary]

    init(minutiae: [MatchMinutia], foreground: ForegroundDistance?, parameters: MatchingParameters) {
        let layout = CylinderLayout.shared(for: parameters)
        self.minutiae = minutiae
        cellWords = layout.cellWords
        layers = layout.layers
        planes = layout.planes
        stride = layout.stride
        insideCells = layout.insideCells
        var words = [UInt64](repeating: 0, count: minutiae.count * layout.stride)
        var filler = CylinderFiller(layout: layout, parameters: parameters)
        isValid = words.withUnsafeMutableBufferPointer { words in
            minutiae.indices.map { index in
                filler.fill(words.baseAddress! + index * layout.stride, centre: index, minutiae: minutiae,
                            foreground: foreground)
            }
        }
        let stride = layout.stride, valueWords = layout.valueWords, inside = layout.insideCells
        let validityWords = layout.cellWords
        isComplete = minutiae.indices.map { index in
            let validity = index * stride + valueWords
            return words[validity..<(validity + validityWords)].reduce(0) { $0 + $1.nonzeroBitCount } == inside
        }
        valueCounts = minutiae.indices.map { index in
            Int32(words[(index * stride)..<(index * stride + valueWords)].reduce(0) { $0 + $1.nonzeroBitCount })
        }
        angles = minutiae.map { Float($0.angle) }
        summaries = minutiae.indices.map { [isValid, isComplete, valueCounts, angles] index in
            CylinderSummary(angle: angles[index], valueCount: valueCounts[index],
                            valueRoot: Float(valueCounts[index]).squareRoot(),
                            isValid: isValid[index], isComplete: isComplete[index])
        }
        self.words = words
    }
}

/// One cylinder's direction, validity and value-bit count, packed for the similarity loop.
struct CylinderSummary: Sendable {
    var angle: Float
    var valueCount: Int32
    /// `√valueCount`, as the similarity's denominator needs it.
    var valueRoot: Float
    var isValid: Bool
    var isComplete: Bool
}
