import Fingerprint

/// Resolutions pbtool assumes for image files that do not record a usable one.
///
/// The FVC DB_B TIFFs store a meaningless 1×1 dpi; a path naming one of those sets gets its
/// sensor's nominal resolution (``FVCSensorResolution``).
enum SensorResolution {
    /// The dpi of a known FVC set named in `path`, if any.
    static func knownDPI(forPath path: String) -> Double? {
        FVCSensorResolution.dpi(forPath: path)
    }

    /// `--dpi` when given, else a known set's dpi, else nil (the file's own plausible value or 500).
    static func dpi(explicit: Double?, path: String) -> Double? {
        explicit ?? knownDPI(forPath: path)
    }
}
