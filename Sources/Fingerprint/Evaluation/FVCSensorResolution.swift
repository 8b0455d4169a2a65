/// The nominal resolutions of the FVC2000, FVC2002 and FVC2004 sensors, from the competitions' reports:
/// the sets' TIFFs record a meaningless 1 dpi, so a path that names a set is the only way to
/// know an image's scale. The one table pbtool (`--dpi` defaults) and pbbench use.
public enum FVCSensorResolution {
    /// Set-name fragments and their nominal dpi.
    public static let knownSets: [(fragment: String, dpi: Double)] = [
        ("FVC2000_DB1", 500), ("FVC2000_DB2", 500), ("FVC2000_DB3", 500), ("FVC2000_DB4", 500),
        ("FVC2002_DB1", 500), ("FVC2002_DB2", 569), ("FVC2002_DB3", 500), ("FVC2002_DB4", 500),
        ("FVC2004_DB1", 500), ("FVC2004_DB2", 500), ("FVC2004_DB3", 512), ("FVC2004_DB4", 500),
    ]

    /// The dpi of the FVC set `path` names (a file or folder path, or a set name such as
    /// `FVC2002_DB2_B`), or nil when it names none.
    public static func dpi(forPath path: String) -> Double? {
        let upper = path.uppercased()
        return knownSets.first { upper.contains($0.fragment) }?.dpi
    }
}
