import USB

/// Supported sensors being plugged in and out (libusb hotplug), for `sensor watch` and for
/// flows that wait for a sensor.
public final class SensorHotplug {
    /// A supported sensor came or went.
    public enum Event {
        /// Plugged in (or present when watching started, with `includingPresent`).
        case attached(DetectedSensor)
        /// Unplugged.
        case detached(DetectedSensor)

        /// The sensor the event is about.
        public var sensor: DetectedSensor {
            switch self {
            case .attached(let sensor), .detached(let sensor): sensor
            }
        }
    }

    private let monitor: USBHotplugMonitor

    /// Starts watching; throws when libusb has no hotplug support here.
    public init(context: USBContext, includingPresent: Bool) throws {
        monitor = try USBHotplugMonitor(context: context, includingPresent: includingPresent)
    }

    /// The next event about a supported sensor, or nil at the deadline; other devices are skipped.
    public func next(until deadline: ContinuousClock.Instant) throws -> Event? {
        while let event = try monitor.next(until: deadline) {
            guard let profile = SensorProfile.usbSensors.first(where: { $0.usbIDs.contains(event.device.id) }) else { continue }
            switch event {
            case .arrived(let device):
                return .attached(DetectedSensor(profile: profile, device: device, access: SensorDiscovery.access(to: device, name: profile.name)))
            case .left(let device):
                return .detached(DetectedSensor(profile: profile, device: device, access: .unknown("unplugged")))
            }
        }
        return nil
    }
}

extension SensorSelection {
    /// The attached sensor this selection means, waiting up to `deadline` for one to be plugged
    /// in (the toolkit's "accessory connected"); ``SensorError/noSensor(_:)`` when none came.
    public func waitForSensor(in context: USBContext, until deadline: ContinuousClock.Instant) throws -> DetectedSensor {
        do {
            return try detect(in: context)
        } catch SensorError.noSensor(let detail) {
            guard ContinuousClock.now < deadline, USBHotplugMonitor.isSupported else { throw SensorError.noSensor(detail) }
            let start = ContinuousClock.now
            let hotplug = try SensorHotplug(context: context, includingPresent: true)
            while let event = try hotplug.next(until: deadline) {
                if case .attached(let sensor) = event, matches(sensor.profile) { return sensor }
            }
            throw SensorError.noSensor("\(detail) (waited \((ContinuousClock.now - start).formattedSeconds) for one to be plugged in)")
        }
    }

    /// Whether a sensor of `profile` is what this selection asks for.
    func matches(_ profile: SensorProfile) -> Bool {
        switch self {
        case .auto: true
        case .usb(let wanted): wanted.id == profile.id
        case .simulated: false
        }
    }
}
