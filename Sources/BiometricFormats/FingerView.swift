/// One finger view of a minutiae record: which finger, how it was captured, its minutiae and
/// any extended data.
///
/// Minutiae use ``Minutia``'s conventions (pixels, radians counter-clockwise on the image); the
/// codecs convert to each format's units. See docs/templates.md.
public struct FingerView: Hashable, Sendable, Codable {
    /// The finger position code as the record holds it: 0 unknown, 1–10 ``Finger``'s ISO
    /// positions; other codes (the multi-finger ones of later editions) are kept as read, so a
    /// round trip loses nothing.
    public var fingerPosition: UInt8
    /// Distinguishes several views of the same finger in one record, 0–15 (4 bits).
    public var viewNumber: Int
    /// How the image was captured.
    public var impression: ImpressionType
    /// Finger (view) quality, 0 (worst or unknown) to 100 (best).
    public var quality: Int
    /// The minutiae in record order, in pixels of the record's image.
    public var minutiae: [Minutia]
    /// Extended data areas in record order (ridge counts, cores and deltas, vendor data).
    public var extendedData: [ExtendedDataBlock]

    /// A view; the defaults describe a first live-scan plain view of an unknown finger.
    public init(finger: Finger? = nil, viewNumber: Int = 0,
                impression: ImpressionType = .livePlain, quality: Int = 0,
                minutiae: [Minutia], extendedData: [ExtendedDataBlock] = []) {
        self.fingerPosition = UInt8(finger?.isoPosition ?? 0)
        self.viewNumber = viewNumber
        self.impression = impression
        self.quality = quality
        self.minutiae = minutiae
        self.extendedData = extendedData
    }
}

extension FingerView {
    /// The finger ``fingerPosition`` names; nil for 0 (unknown) and codes no single finger has.
    /// Setting nil writes 0.
    public var finger: Finger? {
        get { Finger(isoPosition: Int(fingerPosition)) }
        set { fingerPosition = UInt8(newValue?.isoPosition ?? 0) }
    }
}
