import Foundation

/// Bin widths from subband variances and a target bit rate, and the scalar quantizer with its
/// dead zone (WSQ specification §A.3). The arithmetic mirrors NBIS's `variance`, `quantize` and
/// `unquantize` step for step, in the same precisions, so bin widths match the reference encoder's.
enum WSQQuantizer {
    /// The variance of each coded subband (0–59). Subbands are sampled in a central window unless
    /// the four lowest subbands are nearly flat, in which case whole subbands are used.
    static func subbandVariances(_ plane: [Float], width: Int, layout: WSQSubbandLayout) -> [Float] {
        var variances = [Float](repeating: 0, count: WSQParameters.codedSubbandCount)
        for subband in 0..<4 {
            variances[subband] = variance(plane, width: width, region: centralWindow(layout.subbands[subband]))
        }
        let lowSum = variances[0..<4].reduce(Float(0), +)
        let wholeSubbands = lowSum < WSQParameters.lowVarianceSum
        for subband in (wholeSubbands ? 0 : 4)..<WSQParameters.codedSubbandCount {
            let region = layout.subbands[subband]
            variances[subband] = variance(plane, width: width, region: wholeSubbands ? region : centralWindow(region))
        }
        return variances
    }

    /// The window NBIS samples: 3/4 of the width from 1/8 in, 7/16 of the height from 9/32 down.
    private static func centralWindow(_ region: WSQRegion) -> WSQRegion {
        WSQRegion(x: region.x + region.width / 8, y: region.y + 9 * region.height / 32,
                  width: 3 * region.width / 4, height: 7 * region.height / 16)
    }

    /// Sample variance of `region`, summed row by row in single precision; 0 for fewer than two samples.
    private static func variance(_ plane: [Float], width: Int, region: WSQRegion) -> Float {
        let count = region.area
        guard count >= 2 else { return 0 }
        var sum: Float = 0, squares: Float = 0
        plane.withUnsafeBufferPointer { samples in
            for row in region.y..<(region.y + region.height) {
                let base = row &* width
                for column in region.x..<(region.x + region.width) {
                    let value = samples[base &+ column]
                    sum += value
                    squares += value * value
                }
            }
        }
        let meanSquare = (sum * sum) / Float(count)
        return Float(Double(squares - meanSquare) / (Double(count) - 1.0))
    }

    /// Bin widths `Q` and zero-bin widths `Z` of subbands 0–63 that make the coded image about
    /// `bitRate` bits per pixel; subbands with too little variance get 0 (not coded).
    static func binWidths(variances: [Float], bitRate: Float) -> (binWidths: [Float], zeroBinWidths: [Float]) {
        let count = WSQParameters.codedSubbandCount
        var widths = [Float](repeating: 0, count: WSQParameters.tableSubbandCount)
        var zeroWidths = widths
        let coded = (0..<count).filter { variances[$0] >= WSQParameters.varianceThreshold }
        guard !coded.isEmpty else { return (widths, zeroWidths) }
        var relative = [Float](repeating: 0, count: count), deviation = relative, share = relative
        for subband in coded {
            relative[subband] = subband < WSQParameters.firstSubbandOfSizeRegion2
                ? 1 : Float(10.0 / Double(weight(subband) * Float(log(Double(variances[subband])))))
            deviation[subband] = Float(Double(variances[subband]).squareRoot())
        }
        for subband in 0..<count { share[subband] = sizeShare(subband) }
        let q = proportionalityConstant(coded: coded, relative: relative, deviation: deviation, share: share,
                                        bitRate: bitRate)
        for subband in coded {
            widths[subband] = relative[subband] / q
            zeroWidths[subband] = Float(WSQParameters.zeroBinFactor * Double(widths[subband]))
        }
        return (widths, zeroWidths)
    }

    /// The constant `q` of §A.3: recomputed without the subbands that would get a non-positive bit
    /// rate until none does. When every subband drops out, `q` is infinite and nothing is coded.
    private static func proportionalityConstant(coded: [Int], relative: [Float], deviation: [Float],
                                                share: [Float], bitRate: Float) -> Float {
        var active = coded
        while true {
            var totalShare: Float = 0
            for subband in active { totalShare += share[subband] }
            var product: Float = 1
            for subband in active {
                product = Float(Double(product) * pow(Double(deviation[subband] / relative[subband]), Double(share[subband])))
            }
            let q = Float((pow(2, Double(bitRate / totalShare) - 1.0) / 2.5) / pow(Double(product), 1.0 / Double(totalShare)))
            let remaining = active.filter { Double(relative[$0] / q) < 5.0 * Double(deviation[$0]) }
            if remaining.count == active.count { return q }
            if remaining.isEmpty { return .infinity }
            active = remaining
        }
    }

    /// Weight `A` of a subband in the bin-width formula.
    private static func weight(_ subband: Int) -> Float {
        subband < WSQParameters.firstSubbandOfBlock3 ? 1 : WSQParameters.highSubbandWeights[subband - WSQParameters.firstSubbandOfBlock3]
    }

    /// The fraction of the image's pixels in one subband (the reciprocal of the specification's `m`).
    private static func sizeShare(_ subband: Int) -> Float {
        if subband < WSQParameters.firstSubbandOfSizeRegion2 { return Float(1.0 / 1024.0) }
        if subband < WSQParameters.firstSubbandOfSizeRegion3 { return Float(1.0 / 256.0) }
        return Float(1.0 / 16.0)
    }
}
