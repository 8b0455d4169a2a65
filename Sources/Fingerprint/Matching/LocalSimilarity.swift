import Foundation

/// The matrix of cylinder similarities between two templates (MCC eq. 11, bit-based form).
enum LocalSimilarity {
    /// Fills `matrix` (row-major, `a.count × b.count`) with similarities in `0...1`.
    static func fill(_ matrix: inout [Float], _ a: CylinderSet, _ b: CylinderSet, parameters: MatchingParameters) {
        let rows = a.minutiae.count, columns = b.minutiae.count
        if matrix.count < rows * columns { matrix = [Float](repeating: 0, count: rows * columns) }
        let words = a.wordCount
        let minimumCommon = Int(parameters.minimumMatchableCells * Double(a.insideBits))
        let maximumTurn = parameters.maximumDirectionDifference
        a.words.withUnsafeBufferPointer { aw in
            b.words.withUnsafeBufferPointer { bw in
                matrix.withUnsafeMutableBufferPointer { out in
                    for i in 0..<rows {
                        let rowStart = i &* columns
                        guard a.isValid[i] else {
                            for j in 0..<columns { out[rowStart &+ j] = 0 }
                            continue
                        }
                        let aBase = aw.baseAddress! + i &* 2 &* words
                        for j in 0..<columns {
                            let turn = abs(CylinderLayout.wrapped(a.minutiae[i].angle - b.minutiae[j].angle))
                            guard b.isValid[j], turn <= maximumTurn else { out[rowStart &+ j] = 0; continue }
                            let bBase = bw.baseAddress! + j &* 2 &* words
                            out[rowStart &+ j] = similarity(aBase, bBase, words: words, minimumCommon: minimumCommon)
                        }
                    }
                }
            }
        }
    }

    /// `1 − ‖a⊕b‖ / (‖a‖ + ‖b‖)` over the cells valid in both, or 0 when too few are.
    @inline(__always)
    static func similarity(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, words: Int, minimumCommon: Int) -> Float {
        var common = 0, differing = 0, aCount = 0, bCount = 0
        for w in 0..<words {
            let valid = a[words &+ w] & b[words &+ w]
            let av = a[w] & valid, bv = b[w] & valid
            common &+= valid.nonzeroBitCount
            differing &+= (av ^ bv).nonzeroBitCount
            aCount &+= av.nonzeroBitCount
            bCount &+= bv.nonzeroBitCount
        }
        guard common >= minimumCommon, aCount &+ bCount > 0 else { return 0 }
        let norms = Float(aCount).squareRoot() + Float(bCount).squareRoot()
        return 1 - Float(differing).squareRoot() / norms
    }
}
