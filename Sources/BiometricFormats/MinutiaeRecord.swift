/// A finger minutiae record independent of its byte format: what ISO/IEC 19794-2:2005 and
/// ANSI INCITS 378-2004 records hold, and what a compact card template decodes to.
///
/// Read one with ``init(bytes:compactCardResolution:)`` (format detected) or the codecs
/// ``ISO19794Record`` and ``ANSI378Record``; write one with ``encoded(as:)``.
public struct MinutiaeRecord: Hashable, Sendable, Codable {
    /// Width of the image the minutiae were found in, pixels.
    public var imageWidth: Int
    /// Height of the image the minutiae were found in, pixels.
    public var imageHeight: Int
    /// Scanning resolution of that image.
    public var resolution: ScanResolution
    /// Certification flags and capture device type.
    public var captureEquipment: CaptureEquipment
    /// ANSI INCITS 378 only; `nil` when absent (ISO records) or written as all zeros.
    public var productIdentifier: CBEFFProductIdentifier?
    /// The finger views in record order; a record holds 1–255.
    public var views: [FingerView]

    /// A record of any number of views.
    public init(imageWidth: Int, imageHeight: Int, resolution: ScanResolution,
                captureEquipment: CaptureEquipment = .unreported,
                productIdentifier: CBEFFProductIdentifier? = nil, views: [FingerView]) {
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.resolution = resolution
        self.captureEquipment = captureEquipment
        self.productIdentifier = productIdentifier
        self.views = views
    }

    /// A record of one view: the usual shape of an enrolment or verification template.
    public init(imageWidth: Int, imageHeight: Int, resolution: ScanResolution,
                finger: Finger? = nil, impression: ImpressionType = .livePlain,
                quality: Int = 0, minutiae: [Minutia]) {
        self.init(imageWidth: imageWidth, imageHeight: imageHeight, resolution: resolution,
                  views: [FingerView(finger: finger, impression: impression, quality: quality,
                                     minutiae: minutiae)])
    }

    /// The minutiae of the first view (empty when there is none).
    public var minutiae: [Minutia] { views.first?.minutiae ?? [] }
}
