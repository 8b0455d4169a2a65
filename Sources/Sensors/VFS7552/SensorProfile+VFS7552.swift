import Fingerprint
import USB

extension SensorProfile {
    /// Validity VFS7552 (Dell XPS): a press sensor, 112 × 112 frames with the background removed,
    /// each pixel doubled to 224 × 224 as libfprint's driver does; 1 s transfers. 500 dpi is an
    /// estimate from the recording's ridge period (11.6 native pixels, as the VFS5011's 11.4).
    public static let vfs7552 = SensorProfile(
        id: "vfs7552", name: "Validity VFS7552",
        usbIDs: [USBDeviceID(vendor: 0x138a, product: 0x0091)], kind: .press,
        geometry: .image(width: 112, height: 112), dpi: 500, transferTimeout: .milliseconds(1000),
        stitching: .image(ImageEnlargement(factor: 2, filter: .nearest), .none),
        assessment: SwipeAssessment.Parameters(minimumHeight: 0, minimumArea: 8_192))
}
