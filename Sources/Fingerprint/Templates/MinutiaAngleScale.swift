/// Converts between ``Minutia/direction`` and a format's integer angle code.
///
/// All three formats measure counter-clockwise from the positive x axis as seen on the image
/// (y down), like ``Minutia``; they differ in units per circle: 256 in ISO/IEC 19794-2 records
/// (1.40625°), 180 in ANSI INCITS 378 (2°), 64 in the compact card format (5.625°).
///
/// The stored angle is half a turn from ``Minutia/direction``, for every minutia type. The
/// standards place a minutia at the fork of a "Y" (of valleys for a ridge ending, of ridges for
/// a bifurcation) and point it along the gap between the Y's two branches, away from its stem
/// (ISO/IEC 19794-2 places a ridge ending at the valley skeleton bifurcation; ANSI/NIST-ITL EFS
/// bisects the angle between the two branches); the vendor templates in
/// `../shared/data/fingerprints/iso-templates` do so (docs/templates.md). ``Minutia`` points an
/// ending out of its ridge, into the valley the ridge would continue into, which is the Y's
/// stem, and the engine's extractor points a bifurcation towards its single ridge, again the
/// stem. Half a circle is a whole number of units in every format, so the shift is exact.
struct MinutiaAngleScale: Sendable {
    let unitsPerCircle: Int

    static let isoRecord = MinutiaAngleScale(unitsPerCircle: 256)
    static let ansiRecord = MinutiaAngleScale(unitsPerCircle: 180)
    static let compactCard = MinutiaAngleScale(unitsPerCircle: 64)

    private var unit: Double { 2 * .pi / Double(unitsPerCircle) }
    private var halfTurn: Int { unitsPerCircle / 2 }

    /// The code for `direction` (radians, any finite value), rounded to the nearest unit and
    /// wrapped into `0..<unitsPerCircle`; `nil` when `direction` is not finite.
    func code(direction: Double) -> Int? {
        guard direction.isFinite else { return nil }
        let reduced = direction.truncatingRemainder(dividingBy: 2 * .pi)
        let units = Int((reduced / unit).rounded()) + halfTurn
        return ((units % unitsPerCircle) + unitsPerCircle) % unitsPerCircle
    }

    /// The direction in radians, `0..<2π`, a code stands for. `code` must be in
    /// `0..<unitsPerCircle`.
    func direction(code: Int) -> Double {
        Double((code + halfTurn) % unitsPerCircle) * unit
    }
}
