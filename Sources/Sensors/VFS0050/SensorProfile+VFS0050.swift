import Fingerprint
import USB

extension SensorProfile {
    /// Validity VFS0050: 100-pixel lines whose 32-pixel look-ahead is the centre of the row
    /// ahead (matched by squared difference from column 33), up to 100 lines searched, median
    /// window 25, resampled to 10 rows per offset unit, at most 3000 rows; the result is upside
    /// down (libfprint's flag). 100 ms transfers; 500 dpi (the recording's ridge period is 9.3
    /// pixels).
    public static let vfs0050 = SensorProfile(
        id: "vfs0050", name: "Validity VFS0050",
        usbIDs: [USBDeviceID(vendor: 0x138a, product: 0x0050)], kind: .swipe,
        geometry: .lines(width: 100, lookAhead: 32), dpi: 500, transferTimeout: .milliseconds(100),
        stitching: .lines(vfs0050Lines, SwipeNormalisation(flipsVertically: true)),
        assessment: SwipeAssessment.Parameters(minimumHeight: 100, minimumArea: 8_192))

    private static var vfs0050Lines: LineAssembler.Parameters {
        var parameters = LineAssembler.Parameters()
        parameters.lookAheadMatch = .squaredDifference(column: 33)
        parameters.searchOffset = 100
        parameters.maximumHeight = 3_000
        parameters.minimumLines = 100
        return parameters
    }
}
