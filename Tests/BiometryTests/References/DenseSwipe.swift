import Fingerprint

/// A swipe whose minutiae lie closer together than fingers allow: 30 ridge endings 1 mm apart on
/// a 6 × 5 grid at 500 dpi, 1.5 per mm² (``MinutiaDensity/plausibleLimit`` is 0.65).
enum DenseSwipe {
    static let features: FingerprintFeatures = {
        let millimetre: Double = 500 / 25.4
        let minutiae = (0..<30).map { (index: Int) -> Minutia in
            Minutia(x: 100 + Double(index % 6) * millimetre, y: 100 + Double(index / 6) * millimetre,
                    direction: Double(index) * 0.2, kind: .ending, quality: 80)
        }
        return FingerprintFeatures(
            minutiae: minutiae, width: 400, height: 400, dpi: 500,
            foreground: ForegroundMap(columns: 1, rows: 1, blockSize: 400, resolution: 500, flags: [true]), quality: 80)
    }()
}
