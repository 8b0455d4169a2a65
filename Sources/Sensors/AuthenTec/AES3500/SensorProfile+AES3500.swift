import Fingerprint
import USB

extension SensorProfile {
    /// AuthenTec AES3500: a press sensor, one 128 × 128 image of 4-bit pixels, assumed 250 dpi
    /// (libfprint doubles it "to make it big enough" for a 500-dpi matcher); 1 s transfers. The
    /// image is enlarged ×2 (bilinear) and turned 180° and inverted, as libfprint's flags do.
    public static let aes3500 = SensorProfile(
        id: "aes3500", name: "AuthenTec AES3500",
        usbIDs: [USBDeviceID(vendor: 0x08ff, product: 0x5731)], kind: .press,
        geometry: .image(width: 128, height: 128), dpi: 250, transferTimeout: .milliseconds(1000),
        stitching: .image(ImageEnlargement(factor: 2, filter: .bilinear),
                          SwipeNormalisation(flipsHorizontally: true, flipsVertically: true, inverts: true)),
        assessment: SwipeAssessment.Parameters(minimumHeight: 0, minimumArea: 8_192))
}
