import Fingerprint
import USB

extension SensorProfile {
    /// Egis 0570: 114 × 17 strips stitched on a 152-wide canvas, enlarged ×2 (bilinear) and
    /// turned and inverted like the AES2501's, as libfprint does. About 360 dpi: the recording's
    /// ridge period is 6.8 native pixels (the maker publishes none).
    public static let egis0570 = SensorProfile(
        id: "egis0570", name: "Egis Technology 0570",
        usbIDs: [USBDeviceID(vendor: 0x1c7a, product: 0x0570), USBDeviceID(vendor: 0x1c7a, product: 0x0571)],
        kind: .swipe, geometry: .frames(width: 114, height: 17), dpi: 360, transferTimeout: .milliseconds(10_000),
        stitching: .frames(egis0570Assembly,
                           DirectionalNormalisation(
                               forward: SwipeNormalisation(flipsHorizontally: true, flipsVertically: true, inverts: true),
                               reverse: SwipeNormalisation(inverts: true))),
        assessment: SwipeAssessment.Parameters(minimumHeight: 128, minimumArea: 8_192))

    private static var egis0570Assembly: FrameAssembler.Parameters {
        var parameters = FrameAssembler.Parameters(canvasWidth: 152)
        parameters.enlargement = ImageEnlargement(factor: 2, filter: .bilinear)
        return parameters
    }
}
