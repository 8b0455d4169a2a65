/// Converts between ``Minutia/direction`` and a format's integer angle code.
///
/// All three formats measure counter-clockwise from the positive x axis as seen on the image
/// (y down), like ``Minutia``; they differ in units per circle: 256 in ISO/IEC 19794-2 records
/// (1.40625°), 180 in ANSI INCITS 378 (2°), 64 in the compact card format (5.625°).
///
/// Ridge endings differ by a half turn. The standards place a ridge ending at the fork of the
/// valley around it and point it along the bisector of the two valley branches, that is back
/// into the ridge (ISO/IEC 19794-2:2011 §6.5.2 "ridge ending encoded as valley skeleton
/// bifurcation point"; ANSI/NIST EFS uses the same rule), and the vendor templates in
/// `../shared/data/fingerprints/iso-templates` do so (docs/templates.md). ``Minutia`` points an
/// ending the other way, into the valley the ridge would continue into. So an ending's code
/// is its direction plus half a circle; bifurcations and "other" minutiae are stored as they
/// are. Half a circle is a whole number of units in every format, so the shift is exact.
struct MinutiaAngleScale: Sendable {
    let unitsPerCircle: Int

    static let isoRecord = MinutiaAngleScale(unitsPerCircle: 256)
    static let ansiRecord = MinutiaAngleScale(unitsPerCircle: 180)
    static let compactCard = MinutiaAngleScale(unitsPerCircle: 64)

    private var unit: Double { 2 * .pi / Double(unitsPerCircle) }

    private func halfTurn(for kind: Minutia.Kind) -> Int {
        kind == .ending ? unitsPerCircle / 2 : 0
    }

    /// The code for `direction` (radians, any finite value), rounded to the nearest unit and
    /// wrapped into `0..<unitsPerCircle`; `nil` when `direction` is not finite.
    func code(direction: Double, kind: Minutia.Kind) -> Int? {
        guard direction.isFinite else { return nil }
        let reduced = direction.truncatingRemainder(dividingBy: 2 * .pi)
        let units = Int((reduced / unit).rounded()) + halfTurn(for: kind)
        return ((units % unitsPerCircle) + unitsPerCircle) % unitsPerCircle
    }

    /// The direction in radians, `0..<2π`, a code stands for. `code` must be in
    /// `0..<unitsPerCircle`.
    func direction(code: Int, kind: Minutia.Kind) -> Double {
        Double((code + halfTurn(for: kind)) % unitsPerCircle) * unit
    }
}
