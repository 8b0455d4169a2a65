import USB

/// A supported sensor found on the bus, with whether this user may open it.
public struct DetectedSensor {
    /// Whether the device node can be opened.
    public enum Access: Sendable, Hashable {
        case granted
        /// Not accessible; the text says which udev rule is missing or why it does not apply.
        case denied(String)
        /// Another program holds it; the text says which, when pbtool knows.
        case busy(String)
        /// Could not be checked (for example it vanished); the text says why.
        case unknown(String)
    }

    /// The model the device's USB ID belongs to.
    public let profile: SensorProfile
    /// The device as listed (not yet opened).
    public let device: USBDevice
    /// Whether this user may open it.
    public let access: Access
}

/// Finds supported sensors on USB and builds drivers for them.
public enum SensorDiscovery {
    /// Every attached device that a driver claims, in bus order, with its access checked by
    /// opening it (no transfer is made).
    public static func scan(_ context: USBContext, checkAccess: Bool = true) throws -> [DetectedSensor] {
        var found: [DetectedSensor] = []
        for device in try context.devices() {
            guard let profile = SensorProfile.usbSensors.first(where: { $0.usbIDs.contains(device.id) }) else { continue }
            found.append(DetectedSensor(profile: profile, device: device,
                                        access: checkAccess ? access(to: device, name: profile.name) : .granted))
        }
        return found
    }

    /// A driver for a detected sensor.
    public static func driver(for sensor: DetectedSensor) -> any FingerprintSensor {
        SensorDrivers.driver(for: sensor)
    }

    static func access(to device: USBDevice, name: String) -> DetectedSensor.Access {
        if let holder = SensorLock.holder(of: device.nodePath) {
            return .busy("in use by pid \(holder.pid) (\(holder.command))")
        }
        do {
            _ = try device.open()
            return .granted
        } catch let error as USBError {
            switch SensorAccess.explain(error, node: device.nodePath, id: device.id, name: name) {
            case .accessDenied(_, _, _, let hint): return .denied(hint)
            case .busy: return .busy("another program holds the sensor (fprintd?)")
            case let other: return .unknown(other.description)
            }
        } catch {
            return .unknown(String(describing: error))
        }
    }
}
