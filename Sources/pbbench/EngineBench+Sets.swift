import Fingerprint

/// The seven FVC DB_B sets the engine is measured on, NBIS 5.0's figures on them, and issue 16's
/// targets derived from those.
extension EngineBench {
    /// One set and NBIS 5.0's figures on it (mindtct + bozorth3, same pairs, same EER
    /// definition) in percent.
    struct MeasuredSet {
        let name: String
        let nbisAllImpostor: Double
        /// NBIS's FVC-protocol EER where it was measured.
        let nbisFVC: Double?

        /// The sensor's nominal resolution.
        var dpi: Double { FVCSensorResolution.dpi(forPath: name) ?? 500 }

        /// Host all-impostor EER: at most half of NBIS's.
        var hostTarget: Double { nbisAllImpostor / 2 }
        /// Card all-impostor EER: at most three quarters of NBIS's.
        var cardTarget: Double { nbisAllImpostor * 0.75 }
    }

    static let sets = [
        MeasuredSet(name: "FVC2000_DB1_B", nbisAllImpostor: 10.43, nbisFVC: nil),
        MeasuredSet(name: "FVC2000_DB2_B", nbisAllImpostor: 8.77, nbisFVC: nil),
        MeasuredSet(name: "FVC2000_DB3_B", nbisAllImpostor: 10.57, nbisFVC: nil),
        MeasuredSet(name: "FVC2002_DB1_B", nbisAllImpostor: 4.17, nbisFVC: 3.61),
        MeasuredSet(name: "FVC2002_DB2_B", nbisAllImpostor: 2.58, nbisFVC: 2.90),
        MeasuredSet(name: "FVC2004_DB1_B", nbisAllImpostor: 10.59, nbisFVC: 9.98),
        MeasuredSet(name: "FVC2004_DB3_B", nbisAllImpostor: 4.44, nbisFVC: 4.90),
    ]

    /// Mean host all-impostor EER over the seven sets, percent.
    static let meanHostTarget = 2.5
    /// Host FMR1000 (FNMR at FMR ≤ 0.1 %) on every set, percent.
    static let hostFMR1000Target = 15.0
    /// Extraction CPU time per image, ms.
    static let extractionTarget = 15.0
    /// Host 1:N comparisons per second on one core.
    static let matchingTarget = 10_000.0
    /// Pooled held-out false matches may exceed the requested rate by at most this factor.
    static let calibrationSlack = 3.0
}
