import BiometricFormats
import Biometry
import DBus
import Sensors

/// `/net/reactivated/Fprint/Device/0`: fprintd's Device interface over pbtool's sensor, store
/// and flows.
///
/// Everything here runs on the bus connection's loop thread (method calls, the vanish handler,
/// and flow events, which the flows' threads hand over with `perform`), so the state needs no lock.
final class FprintDevice: BusObject, @unchecked Sendable {
    /// Who holds the device: the client's unique bus name and the user it acts for.
    struct Claim {
        let sender: String
        let user: String
    }

    /// The two operations a claim can run, one at a time.
    enum Operation: String {
        case enrollment = "Enroll"
        case verification = "Verify"
    }

    /// The running (or finished but not yet stopped) operation.
    struct Running {
        let operation: Operation
        let generation: Int
        let cancel: @Sendable () -> Void
        var done = false
        /// Whether the host compared and rejected the finger: the rejection that locks it out
        /// is still fprintd's `verify-no-match`.
        var rejectedOnHost = false
    }

    let interfaces = [FprintInterfaces.device]
    let backend: ServiceBackend
    let connection: BusConnection
    let profile: SensorProfile
    /// polkit, asked through the device's own connection.
    let authority: PolkitAuthority
    var claim: Claim?
    var running: Running?
    var generation = 0
    private var fingerPresent = false
    private var fingerNeeded = false

    init(backend: ServiceBackend, connection: BusConnection, profile: SensorProfile) {
        self.backend = backend
        self.connection = connection
        self.profile = profile
        authority = PolkitAuthority { (method, arguments) throws(BusError) in try connection.call(method, arguments) }
    }

    func handle(_ call: BusCall) throws(BusError) -> [BusValue] {
        switch call.member {
        case "ListEnrolledFingers": return [.stringArray(try listEnrolledFingers(call))]
        case "DeleteEnrolledFingers2": try deleteEnrolledFingers(call)
        case "DeleteEnrolledFinger": try deleteEnrolledFinger(call)
        case "Claim": try claimDevice(call)
        case "Release": try releaseDevice(call)
        case "VerifyStart": try startVerification(call)
        case "EnrollStart": try startEnrollment(call)
        case "VerifyStop": try stop(.verification, call)
        case "EnrollStop": try stop(.enrollment, call)
        default: throw .unknownMethod("no method \(call.member)")
        }
        return []
    }

    func property(_ name: String, of interface: String) -> BusValue? {
        switch name {
        case "name": .string(profile.name)
        case "num-enroll-stages": .int32(Int32(backend.swipes))
        case "scan-type": .string(profile.kind == .press ? "press" : "swipe")
        case "finger-present": .boolean(fingerPresent)
        case "finger-needed": .boolean(fingerNeeded)
        default: nil
        }
    }

    /// A client left the bus: its operation stops and its claim ends, as fprintd does.
    func clientVanished(_ name: String) {
        guard claim?.sender == name else { return }
        endOperation()
        claim = nil
    }

    /// Follows the sensor's finger state (fprintd's `finger-needed` and `finger-present`).
    func noteFinger(_ presence: FingerPresence) {
        let (needed, present) = (presence == .needed, presence == .present)
        guard needed != fingerNeeded || present != fingerPresent else { return }
        (fingerNeeded, fingerPresent) = (needed, present)
        connection.emitPropertiesChanged(from: FprintInterfaces.devicePath, interface: FprintInterfaces.device.name,
                                         [("finger-needed", .boolean(needed)), ("finger-present", .boolean(present))])
    }

    /// Cancels the running operation, if any, and forgets it.
    func endOperation() {
        if let running, !running.done { running.cancel() }
        running = nil
        noteFinger(.none)
    }
}
