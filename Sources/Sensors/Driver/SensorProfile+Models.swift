import Fingerprint
import USB

extension SensorProfile {
    /// AuthenTec AES2501 (libfprint 1.94.5's aes2501 driver): 192×16 frames, 500 dpi, 4000 ms transfers,
    /// a 288-wide canvas; forward swipes come out rotated 180° and every swipe inverted.
    public static let aes2501 = SensorProfile(
        id: "aes2501", name: "AuthenTec AES2501",
        usbIDs: [USBDeviceID(vendor: 0x08ff, product: 0x2580), USBDeviceID(vendor: 0x08ff, product: 0x2500)],
        geometry: .frames(width: 192, height: 16), dpi: 500, transferTimeout: .milliseconds(4000),
        stitching: .frames(
            FrameAssembler.Parameters(canvasWidth: 288),
            DirectionalNormalisation(
                forward: SwipeNormalisation(flipsHorizontally: true, flipsVertically: true, inverts: true),
                reverse: SwipeNormalisation(inverts: true))),
        assessment: SwipeAssessment.Parameters(minimumHeight: 64, minimumArea: 8_192))

    /// Validity VFS5011 (libfprint 1.94.5's vfs5011 driver): 160-pixel lines with a 64-pixel look-ahead,
    /// 3000 ms transfers; the resampled image comes out upside down.
    public static let vfs5011 = SensorProfile(
        id: "vfs5011", name: "Validity VFS5011",
        usbIDs: [0x0010, 0x0011, 0x0015, 0x0017, 0x0018].map { USBDeviceID(vendor: 0x138a, product: $0) },
        geometry: .lines(width: 160, lookAhead: 64), dpi: 500, transferTimeout: .milliseconds(3000),
        stitching: .lines(LineAssembler.Parameters(), SwipeNormalisation(flipsVertically: true)),
        assessment: SwipeAssessment.Parameters(minimumHeight: 160, minimumArea: 8_192))

    /// Every USB sensor pbtool drives.
    public static var usbSensors: [SensorProfile] { SensorDrivers.all.map { $0.model } }
}
