/// Resolutions pbtool assumes for image files that do not record a usable one.
///
/// The FVC DB_B TIFFs store a meaningless 1×1 dpi; their sensors' nominal resolutions are known
/// from the FVC documentation, so a path naming one of those sets gets its resolution.
enum SensorResolution {
    /// Set-name fragments and their nominal dpi (FVC2000, FVC2002 and FVC2004 reports).
    static let knownSets: [(fragment: String, dpi: Double)] = [
        ("FVC2000_DB1", 500), ("FVC2000_DB2", 500), ("FVC2000_DB3", 500), ("FVC2000_DB4", 500),
        ("FVC2002_DB1", 500), ("FVC2002_DB2", 569), ("FVC2002_DB3", 500), ("FVC2002_DB4", 500),
        ("FVC2004_DB1", 500), ("FVC2004_DB2", 500), ("FVC2004_DB3", 512), ("FVC2004_DB4", 500),
    ]

    /// The dpi of a known FVC set named in `path`, if any.
    static func knownDPI(forPath path: String) -> Double? {
        let upper = path.uppercased()
        return knownSets.first { upper.contains($0.fragment) }?.dpi
    }

    /// `--dpi` when given, else a known set's dpi, else nil (the file's own plausible value or 500).
    static func dpi(explicit: Double?, path: String) -> Double? {
        explicit ?? knownDPI(forPath: path)
    }
}
