import Foundation
import Sensors
import USB

/// Finds the sensor a command asked for, waiting up to its `--timeout` for one to be plugged in,
/// and telling the person so on standard error.
struct SensorWait {
    let selection: SensorSelection
    let timeout: Duration
    /// Whether to print the "waiting" line (not with --json).
    let announce: Bool

    func sensor(in context: USBContext) throws -> DetectedSensor {
        if let present = try? selection.detect(in: context) { return present }
        let wanted = switch selection {
        case .usb(let profile): "a \(profile.name)"
        default: "a fingerprint sensor"
        }
        if announce { printError("Waiting up to \(timeout.formattedSeconds) for \(wanted) to be plugged in…") }
        return try selection.waitForSensor(in: context, until: ContinuousClock.now + timeout)
    }
}
