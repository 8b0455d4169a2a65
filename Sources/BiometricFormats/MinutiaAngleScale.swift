/// Converts between ``Minutia/direction`` and a format's integer angle code.
///
/// All three formats measure counter-clockwise from the positive x axis as seen on the image
/// (y down), like ``Minutia``; they differ in units per circle: 256 in ISO/IEC 19794-2 records
/// (1.40625°), 180 in ANSI INCITS 378 (2°), 64 in the compact card format (5.625°).
///
/// ``Minutia/direction`` follows the standards' own convention, so codes and directions differ
/// only in units: a minutia points along the gap between the two branches of its "Y" (of valleys
/// for a ridge ending, of ridges for a bifurcation), away from the Y's stem (ISO/IEC 19794-2
/// places a ridge ending at the valley skeleton bifurcation; ANSI/NIST-ITL EFS bisects the angle
/// between the two branches). The vendor templates in `../shared/data/fingerprints/iso-templates`
/// do so (docs/templates.md).
struct MinutiaAngleScale: Sendable {
    let unitsPerCircle: Int

    static let isoRecord = MinutiaAngleScale(unitsPerCircle: 256)
    static let ansiRecord = MinutiaAngleScale(unitsPerCircle: 180)
    static let compactCard = MinutiaAngleScale(unitsPerCircle: 64)

    private var unit: Double { 2 * .pi / Double(unitsPerCircle) }

    /// The code for `direction` (radians, any finite value), rounded to the nearest unit and
    /// wrapped into `0..<unitsPerCircle`; `nil` when `direction` is not finite.
    func code(direction: Double) -> Int? {
        guard direction.isFinite else { return nil }
        let reduced = direction.truncatingRemainder(dividingBy: 2 * .pi)
        let units = Int((reduced / unit).rounded())
        return ((units % unitsPerCircle) + unitsPerCircle) % unitsPerCircle
    }

    /// The direction in radians, `0..<2π`, a code stands for. `code` must be in
    /// `0..<unitsPerCircle`.
    func direction(code: Int) -> Double {
        Double(code) * unit
    }
}
