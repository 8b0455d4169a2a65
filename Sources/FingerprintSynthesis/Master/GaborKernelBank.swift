#if canImport(Glibc)
import Glibc
#endif

/// Even-symmetric Gabor kernels for every (orientation, period) bin the growth needs, all the same
/// square size, stored contiguously so one pixel's filter is a run of `tapCount` floats.
///
/// Each kernel is zero-mean (flat regions do not grow) and scaled so that a sinusoid of its own
/// period and orientation comes back with amplitude 1.
struct GaborKernelBank {
    let radius: Int
    let orientationBins: Int
    let periods: [Double]
    let weights: [Float]

    var side: Int { 2 * radius + 1 }
    var tapCount: Int { side * side }

    init(periods: ClosedRange<Double>, binWidth: Double, orientationBins: Int,
         sigmaAcross: Double, sigmaAlong: Double) {
        let count = max(1, Int(((periods.upperBound - periods.lowerBound) / binWidth).rounded(.up)) + 1)
        self.periods = (0..<count).map { periods.lowerBound + Double($0) * binWidth }
        self.orientationBins = orientationBins
        radius = Int((2.2 * max(sigmaAcross, sigmaAlong) * periods.upperBound).rounded(.up))
        var weights = [Float]()
        for period in self.periods {
            for bin in 0..<orientationBins {
                let angle = Double(bin) * .pi / Double(orientationBins)
                weights += Self.kernel(radius: radius, angle: angle, period: period,
                                       sigmaAcross: sigmaAcross * period, sigmaAlong: sigmaAlong * period)
            }
        }
        self.weights = weights
    }

    /// The kernel index for an orientation (radians, mod π) and a period (pixels).
    func index(orientation: Double, period: Double) -> Int {
        var bin = Int((orientation / .pi * Double(orientationBins)).rounded()) % orientationBins
        if bin < 0 { bin += orientationBins }
        let step = periods.count > 1 ? periods[1] - periods[0] : 1
        let periodBin = min(max(Int(((period - periods[0]) / step).rounded()), 0), periods.count - 1)
        return periodBin * orientationBins + bin
    }

    private static func kernel(radius: Int, angle: Double, period: Double,
                               sigmaAcross: Double, sigmaAlong: Double) -> [Float] {
        var envelope = [Double](), wave = [Double]()
        let (c, s) = (cos(angle), sin(angle))
        for v in -radius...radius {
            for u in -radius...radius {
                // The ridge runs along (cos α, sin α); "across" is the distance along its normal.
                let across = -Double(u) * s + Double(v) * c
                let along = Double(u) * c + Double(v) * s
                envelope.append(exp(-across * across / (2 * sigmaAcross * sigmaAcross)
                                    - along * along / (2 * sigmaAlong * sigmaAlong)))
                wave.append(cos(2 * .pi * across / period))
            }
        }
        let mean = zip(envelope, wave).reduce(0) { $0 + $1.0 * $1.1 } / envelope.reduce(0, +)
        let taps = zip(envelope, wave).map { $0.0 * ($0.1 - mean) }
        let response = zip(taps, wave).reduce(0) { $0 + $1.0 * $1.1 }
        return taps.map { Float($0 / response) }
    }
}
