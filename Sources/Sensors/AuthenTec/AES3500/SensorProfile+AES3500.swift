import Fingerprint
import USB

extension SensorProfile {
    /// AuthenTec AES3500: a press sensor, one 128 × 128 image of 4-bit pixels at 500 dpi (the
    /// recording's native ridge period is 9.6 pixels); 1 s transfers. The image is enlarged ×2
    /// (bilinear, as libfprint does for its matcher) and turned 180° and inverted.
    public static let aes3500 = SensorProfile(
        id: "aes3500", name: "AuthenTec AES3500",
        usbIDs: [USBDeviceID(vendor: 0x08ff, product: 0x5731)], kind: .press,
        geometry: .image(width: 128, height: 128), dpi: 500, transferTimeout: .milliseconds(1000),
        stitching: .image(ImageEnlargement(factor: 2, filter: .bilinear),
                          SwipeNormalisation(flipsHorizontally: true, flipsVertically: true, inverts: true)),
        assessment: SwipeAssessment.Parameters(minimumHeight: 0, minimumArea: 8_192))
}
