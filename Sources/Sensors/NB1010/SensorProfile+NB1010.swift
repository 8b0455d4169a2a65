import Fingerprint
import USB

extension SensorProfile {
    /// NEXT Biometrics NB-1010-U: a press sensor delivering one 256 × 180 image, 500 ms
    /// transfers (libfprint's value). The image is upright with dark ridges as it comes. The
    /// resolution is an estimate: the recording's ridge period (9.9 pixels) fits 500 dpi; the
    /// 385 ppi quoted for NEXT's larger sensors would make its ridges unusually coarse.
    public static let nb1010 = SensorProfile(
        id: "nb1010", name: "NEXT Biometrics NB-1010-U",
        usbIDs: [USBDeviceID(vendor: 0x298d, product: 0x1010)], kind: .press,
        geometry: .image(width: 256, height: 180), dpi: 500, transferTimeout: .milliseconds(500),
        stitching: .image(.none, .none),
        assessment: SwipeAssessment.Parameters(minimumHeight: 0, minimumArea: 8_192))
}
