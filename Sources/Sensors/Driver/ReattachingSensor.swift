import USB

/// A USB sensor that survives being unplugged: it drives whichever device of its model is
/// attached, and after an unplug ``reattach(until:)`` waits for one to be plugged in again and
/// opens it, so a flow can go on where it stopped.
public final class ReattachingSensor: FingerprintSensor {
    private let context: USBContext
    private var driver: any FingerprintSensor
    private var timeout: Duration?

    /// Drives `sensor`, found in `context`; nothing is opened until ``open()``.
    public init(_ sensor: DetectedSensor, context: USBContext) {
        self.context = context
        driver = SensorDiscovery.driver(for: sensor)
    }

    public var profile: SensorProfile { driver.profile }
    public var state: SensorState { driver.state }
    public var transferCount: Int { driver.transferCount }
    public var transferTimeout: Duration {
        get { driver.transferTimeout }
        set {
            timeout = newValue
            driver.transferTimeout = newValue
        }
    }

    public func open() throws { try driver.open() }

    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        try driver.waitForFinger(until: deadline)
    }

    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        try driver.capture(until: deadline)
    }

    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        try driver.waitForFingerOff(until: deadline)
    }

    public func close() { driver.close() }

    /// True: any device of the model will do.
    public var canReattach: Bool { true }

    /// Closes the vanished device, waits for a sensor of the same model and opens it. A device
    /// that is still listed but gone (the unplug not yet processed) fails to open; the wait
    /// then goes on until the deadline.
    public func reattach(until deadline: ContinuousClock.Instant) throws {
        driver.close()
        let selection = SensorSelection.usb(driver.profile)
        var lastError: any Error = SensorError.noSensor("no \(driver.profile.name) was plugged in again")
        while ContinuousClock.now < deadline {
            do {
                let next = SensorDiscovery.driver(for: try selection.waitForSensor(in: context, until: deadline))
                if let timeout { next.transferTimeout = timeout }
                try next.open()
                driver = next
                return
            } catch let error as SensorError {
                lastError = error
                if case .noSensor = error { throw error }
                pause(for: .milliseconds(100))
            }
        }
        throw lastError
    }
}
