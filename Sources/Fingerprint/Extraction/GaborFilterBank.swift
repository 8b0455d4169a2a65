import Foundation

/// Even-symmetric Gabor kernels for every quantised ridge orientation and whole-pixel period.
///
/// Each kernel is a cosine across the ridges under a Gaussian envelope, with its mean removed
/// (flat areas give 0) and scaled so a matching ridge pattern of amplitude 1 responds with 1.
/// Built once per ``ExtractionParameters`` and shared by every extraction.
struct GaborFilterBank: Sendable {
    let orientationCount: Int
    let minimumPeriod: Int
    let maximumPeriod: Int
    let radius: Int
    /// `kernels[periodIndex * orientationCount + orientationIndex]`, each `(2·radius+1)²` values.
    let kernels: [[Float]]

    var side: Int { 2 * radius + 1 }

    init(parameters: ExtractionParameters) {
        let enhancement = parameters.enhancement
        orientationCount = enhancement.orientationCount
        minimumPeriod = max(2, Int(parameters.frequency.minimumPeriod.rounded(.down)))
        maximumPeriod = max(minimumPeriod, Int(parameters.frequency.maximumPeriod.rounded(.up)))
        radius = enhancement.kernelRadius
        var kernels: [[Float]] = []
        for period in minimumPeriod...maximumPeriod {
            for orientation in 0..<orientationCount {
                let angle = Double(orientation) * .pi / Double(orientationCount)
                kernels.append(Self.kernel(angle: angle, period: Double(period), radius: radius,
                                           sigmaAcross: Double(enhancement.sigmaAcross) * Double(period),
                                           sigmaAlong: Double(enhancement.sigmaAlong) * Double(period)))
            }
        }
        self.kernels = kernels
    }

    /// The kernel closest to a ridge direction (radians, `0..<π`) and period (pixels).
    func kernelIndex(angle: Double, period: Float) -> Int {
        let step = Double.pi / Double(orientationCount)
        let orientation = Int((angle / step).rounded()) % orientationCount
        let periodIndex = min(max(Int(period.rounded()), minimumPeriod), maximumPeriod) - minimumPeriod
        return periodIndex * orientationCount + (orientation + orientationCount) % orientationCount
    }

    private static func kernel(angle: Double, period: Double, radius: Int,
                               sigmaAcross: Double, sigmaAlong: Double) -> [Float] {
        let alongX = cos(angle), alongY = sin(angle)
        var envelope: [Double] = [], wave: [Double] = []
        for dy in -radius...radius {
            for dx in -radius...radius {
                let along = Double(dx) * alongX + Double(dy) * alongY
                let across = -Double(dx) * alongY + Double(dy) * alongX
                envelope.append(exp(-along * along / (2 * sigmaAlong * sigmaAlong)
                                    - across * across / (2 * sigmaAcross * sigmaAcross)))
                wave.append(cos(2 * .pi * across / period))
            }
        }
        let raw = zip(envelope, wave).map(*)
        let offset = raw.reduce(0, +) / envelope.reduce(0, +)
        let balanced = zip(raw, envelope).map { $0 - offset * $1 }
        let gain = zip(balanced, wave).map(*).reduce(0, +)
        return balanced.map { Float($0 / gain) }
    }
}
