import Fingerprint
import USB

extension SensorProfile {
    /// Validity VFS301 / VFS300: 200-pixel lines without look-ahead, repeats (mean absolute
    /// difference ≤ 15 from the last kept line) dropped, stacked as they came; the stack is
    /// upside down with bright ridges, so it is flipped and inverted (libfprint's flags). 300 ms
    /// transfers; 500 dpi assumed (Validity's strip sensors).
    public static let vfs301 = SensorProfile(
        id: "vfs301", name: "Validity VFS301",
        usbIDs: [USBDeviceID(vendor: 0x138a, product: 0x0005), USBDeviceID(vendor: 0x138a, product: 0x0008)],
        kind: .swipe, geometry: .lines(width: 200, lookAhead: 0), dpi: 500, transferTimeout: .milliseconds(300),
        stitching: .distinctLines(DistinctLineStack(minimumMeanDifference: 15, minimumLines: 20),
                                  SwipeNormalisation(flipsVertically: true, inverts: true)),
        assessment: SwipeAssessment.Parameters(minimumHeight: 100, minimumArea: 8_192))
}
