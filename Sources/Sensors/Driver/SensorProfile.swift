import Fingerprint
import USB

/// Everything about a sensor model that is a value: identity, press or swipe, geometry,
/// resolution, transfer timeout, assembly method and feedback thresholds.
public struct SensorProfile: Sendable, Hashable {
    /// How the sensor delivers the finger.
    public enum Geometry: Sendable, Hashable {
        /// 2-D frames of `width` × `height` pixels.
        case frames(width: Int, height: Int)
        /// Lines of `width` pixels with a look-ahead strip of `lookAhead` pixels (0: none).
        case lines(width: Int, lookAhead: Int)
        /// One whole image of `width` × `height` pixels per capture.
        case image(width: Int, height: Int)
    }

    /// The `--sensor` name: `aes2501`, `vfs5011`, `sim`.
    public let id: String
    /// Vendor and model, for people.
    public let name: String
    /// Every USB ID this driver claims; empty for the simulated sensor.
    public let usbIDs: [USBDeviceID]
    /// Whether the finger is placed or swiped.
    public let kind: ScanKind
    /// The USB interface the driver claims.
    public let interface: Int
    /// Frames or lines, and their size.
    public let geometry: Geometry
    /// Resolution in dots per inch, written into captured images.
    public let dpi: Double
    /// Timeout of each USB transfer.
    public let transferTimeout: Duration
    /// How the frames, lines or image are assembled and normalised.
    public let stitching: SwipeStitcher.Method
    /// The feedback thresholds.
    public let assessment: SwipeAssessment.Parameters

    public init(id: String, name: String, usbIDs: [USBDeviceID], kind: ScanKind = .swipe, interface: Int = 0,
                geometry: Geometry,
                dpi: Double, transferTimeout: Duration, stitching: SwipeStitcher.Method,
                assessment: SwipeAssessment.Parameters) {
        self.id = id
        self.name = name
        self.usbIDs = usbIDs
        self.kind = kind
        self.interface = interface
        self.geometry = geometry
        self.dpi = dpi
        self.transferTimeout = transferTimeout
        self.stitching = stitching
        self.assessment = assessment
    }

    /// The stitcher configured for this sensor.
    public var stitcher: SwipeStitcher {
        SwipeStitcher(method: stitching, assessment: assessment, dpi: dpi)
    }
}
