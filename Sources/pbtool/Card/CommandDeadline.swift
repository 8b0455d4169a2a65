import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Ends the process with `timeout` (7) when a command runs past its limit.
///
/// pcsc-lite cannot cancel `SCardConnect` or `SCardTransmit` (only waits), and a stuck pcscd or
/// card would otherwise hang the command; so every card command arms one of these.
final class CommandDeadline: @unchecked Sendable {
    private let timer: any DispatchSourceTimer

    /// Arms the deadline; `what` completes "timed out after N s …".
    init(seconds: Double, waitingFor what: String) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            printError("pbtool: timed out after \(seconds.formattedSeconds) s \(what)")
            exit(ExitStatus.timeout.rawValue)
        }
        timer.resume()
    }

    /// Disarms it.
    func cancel() { timer.cancel() }

    deinit { timer.cancel() }
}

extension Double {
    /// `2`, `0.5`: seconds without trailing zeros.
    var formattedSeconds: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
