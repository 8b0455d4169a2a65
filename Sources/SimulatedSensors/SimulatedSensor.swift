import Fingerprint
import Imaging
import Sensors

/// A swipe sensor without hardware: it cuts fingerprint images into strips as a swipe would
/// (``SwipeSimulation``) and hands them to the same stitcher and feedback as a real sensor.
///
/// Each capture uses the next image (one per swipe, in order, wrapping around) and the next
/// seed, so a session of several swipes varies while staying reproducible.
public final class SimulatedSensor: FingerprintSensor {
    /// The fingers, one per swipe in order.
    public let images: [GrayImage]
    /// How the simulated person swipes.
    public let style: SwipeSimulation.Style
    /// The strip cutter and its parameters.
    public let simulation: SwipeSimulation
    /// The seed of the first swipe; swipe k uses seed + k.
    public let seed: UInt64
    /// Where the sensor is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Always 0: nothing goes over USB.
    public let transferCount = 0
    /// Not used: the simulated sensor makes no transfers.
    public var transferTimeout: Duration = .zero
    /// Swipes captured so far.
    public private(set) var swipes = 0
    private var lastFingerRemoved = true
    /// The image of the current (or last) swipe; it moves on when the next finger arrives.
    private var imageIndex = 0

    /// A sensor over `images` (at least one).
    public init(images: [GrayImage], style: SwipeSimulation.Style = .normal, seed: UInt64 = 1,
                simulation: SwipeSimulation = SwipeSimulation()) {
        precondition(!images.isEmpty, "a simulated sensor needs at least one image")
        self.images = images
        self.style = style
        self.seed = seed
        self.simulation = simulation
    }

    /// The profile for the image of the current (or last) swipe.
    public var profile: SensorProfile {
        let image = currentImage
        return .simulated(width: image.width, sourceHeight: image.height, dpi: image.dpi,
                          stripHeight: simulation.parameters.stripHeight)
    }

    private var currentImage: GrayImage { images[imageIndex] }

    /// Nothing to open: idle at once.
    public func open() throws {
        state = .idle
    }

    /// The simulated finger arrives at once, with the next image after the first swipe.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        imageIndex = swipes % images.count
        state = .capturing
    }

    /// Cuts the current image into the strips of one swipe.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let swipe = simulation.frames(of: currentImage, style: style, seed: seed &+ UInt64(swipes))
        swipes += 1
        lastFingerRemoved = swipe.fingerRemoved
        state = .awaitingFingerOff
        return .frames(swipe.frames, fingerRemoved: swipe.fingerRemoved)
    }

    /// True unless the style is `resting`.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        state = .idle
        return lastFingerRemoved
    }

    /// Back to inactive.
    public func close() {
        state = .inactive
    }
}

extension SensorProfile {
    /// The simulated sensor for images `width` wide: full-width strips, a canvas 32 pixels
    /// wider for sideways drift, inversion back from sensor polarity in both directions.
    /// A swipe shorter than 60 % of the source (at most 160 rows) is too short.
    public static func simulated(width: Int, sourceHeight: Int, dpi: Double, stripHeight: Int = 16) -> SensorProfile {
        SensorProfile(
            id: "sim", name: "Simulated swipe sensor", usbIDs: [],
            geometry: .frames(width: width, height: stripHeight), dpi: dpi, transferTimeout: .zero,
            stitching: .frames(FrameAssembler.Parameters(canvasWidth: width + 32),
                               DirectionalNormalisation(SwipeNormalisation(inverts: true))),
            assessment: SwipeAssessment.Parameters(minimumHeight: min(160, sourceHeight * 6 / 10),
                                                   minimumArea: min(8_192, width * sourceHeight / 8)))
    }
}
