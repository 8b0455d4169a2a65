import USB

/// Why a sensor could not be found, opened or driven.
///
/// A swipe the user can fix (too fast, too short …) is not an error: it is ``SwipeFeedback``.
public enum SensorError: Error, Sendable, CustomStringConvertible {
    /// No supported sensor is attached (or not the one asked for).
    case noSensor(String)
    /// The `--sensor` value names nothing pbtool knows.
    case unknownSensor(String)
    /// The device node is not accessible to this user.
    case accessDenied(node: String, id: USBDeviceID, name: String, hint: String)
    /// Another program or kernel driver holds the sensor's interface.
    case busy(node: String, name: String)
    /// Another pbtool process is using the sensor (its lock file names it).
    case inUse(name: String, pid: Int32, command: String)
    /// The sensor vanished during `phase` (`LIBUSB_ERROR_NO_DEVICE`).
    case unplugged(phase: String, transfers: Int)
    /// The sensor stopped answering during `phase` (a transfer timed out).
    case stoppedAnswering(phase: String, step: Int, transfers: Int)
    /// A transfer failed during `phase`.
    case transferFailed(phase: String, step: Int, transfers: Int, reason: String)
    /// A reply broke the protocol (short, corrupt, or not the acknowledgement expected).
    case unexpectedReply(phase: String, step: Int, transfers: Int, detail: String)
    /// No finger arrived within the capture timeout.
    case noFinger(waited: Duration)
    /// The simulated sensor's source cannot be used.
    case badSource(String)

    public var description: String {
        switch self {
        case .noSensor(let detail): detail
        case .unknownSensor(let name):
            "unknown sensor '\(name)'; use \(SensorSelection.names)"
        case .accessDenied(let node, let id, let name, let hint):
            "no permission to open \(node) (\(id) \(name)): \(hint)"
        case .busy(let node, let name):
            "\(name) at \(node) is in use by another program (fprintd?); stop it and try again"
        case .inUse(let name, let pid, let command):
            "sensor busy (pid \(pid), \(command)): the \(name) is in use by another pbtool; try again when it has finished"
        case .unplugged(let phase, let transfers):
            "the sensor was unplugged during \(phase) (after \(transfers) transfers); plug it in and try again"
        case .stoppedAnswering(let phase, let step, let transfers):
            "the sensor stopped answering during \(phase), step \(step) (after \(transfers) transfers)"
        case .transferFailed(let phase, let step, let transfers, let reason):
            "a USB transfer failed during \(phase), step \(step) (after \(transfers) transfers): \(reason)"
        case .unexpectedReply(let phase, let step, let transfers, let detail):
            "the sensor sent \(detail) during \(phase), step \(step) (after \(transfers) transfers)"
        case .noFinger(let waited):
            "no finger on the sensor within \(waited.formattedSeconds)"
        case .badSource(let detail): detail
        }
    }
}

extension Duration {
    /// `10 s`, `2.5 s`, `40 ms`: how sensor messages write a duration (tenths of a second, or
    /// whole milliseconds below a tenth).
    public var formattedSeconds: String {
        let seconds = self / .seconds(1)
        if seconds > 0, seconds < 0.05 { return "\(Int((seconds * 1000).rounded())) ms" }
        let tenths = (seconds * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
    }
}
