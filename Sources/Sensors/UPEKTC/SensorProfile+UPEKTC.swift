import Fingerprint
import USB

extension SensorProfile {
    /// UPEK TouchChip / TouchStrip (TCS4x coprocessor): a swipe sensor whose coprocessor
    /// assembles a 144 × 384 image itself, at 500 dpi (the recording's ridge period is 9.6
    /// pixels); 4 s transfers as in libfprint. The image needs no normalisation.
    public static let upektc = SensorProfile(
        id: "upektc_img", name: "UPEK TouchChip",
        usbIDs: [USBDeviceID(vendor: 0x147e, product: 0x2016), USBDeviceID(vendor: 0x147e, product: 0x2020)],
        kind: .swipe, geometry: .image(width: 144, height: 384), dpi: 500, transferTimeout: .milliseconds(4000),
        stitching: .image(.none, .none),
        assessment: SwipeAssessment.Parameters(minimumHeight: 0, minimumArea: 8_192))
}
