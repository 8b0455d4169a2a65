import Fingerprint
import USB

extension SensorProfile {
    /// Elan 04f3:0c26: 144-pixel frames of 50 rows (the middle of 64) stitched on a 216-wide
    /// canvas, 10 s transfers; the canvas is turned and inverted like the AES2501's (libfprint's
    /// frame assembly flags). 500 dpi is assumed; the maker publishes none.
    public static let elan = SensorProfile(
        id: "elan", name: "Elan fingerprint sensor",
        usbIDs: [USBDeviceID(vendor: 0x04f3, product: 0x0c26)], kind: .swipe,
        geometry: .frames(width: 144, height: 50), dpi: 500, transferTimeout: .milliseconds(10_000),
        stitching: .frames(
            FrameAssembler.Parameters(canvasWidth: 216),
            DirectionalNormalisation(
                forward: SwipeNormalisation(flipsHorizontally: true, flipsVertically: true, inverts: true),
                reverse: SwipeNormalisation(inverts: true))),
        assessment: SwipeAssessment.Parameters(minimumHeight: 64, minimumArea: 8_192))
}
