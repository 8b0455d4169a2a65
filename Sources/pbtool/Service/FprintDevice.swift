import BiometricFormats
import Biometry
import DBus
import Sensors

/// `/net/reactivated/Fprint/Device/0`: fprintd's Device interface over pbtool's sensor, store
/// and flows.
///
/// An actor on the bus connection's loop thread (its executor): method calls, the vanish
/// handler and flow events all run there, one at a time, so the state is consistent between
/// awaits. What takes time (polkit's answer, the store, the card) is awaited, and the loop
/// serves other clients meanwhile; each call is answered when its work is done. After an
/// await the state is checked again: a Release or a client leaving may have come in between.
actor FprintDevice: BusObject {
    /// Who holds the device: the client's unique bus name and the user it acts for.
    struct Claim {
        let sender: String
        let user: String
    }

    /// What a claim can run, one at a time: the two operations, and a delete while it works.
    enum Operation: String {
        case enrollment = "Enroll"
        case verification = "Verify"
        case deletion = "Delete"
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

    nonisolated let interfaces = [FprintInterfaces.device]
    let backend: ServiceBackend
    let connection: BusConnection
    let profile: SensorProfile
    /// polkit, asked through the device's own connection without holding up its loop.
    let authority: PolkitAuthority
    var claim: Claim?
    var running: Running?
    var generation = 0
    /// The clients with a call being answered, and how many; those of them that left the bus.
    private var callers: [String: Int] = [:]
    private(set) var departed: Set<String> = []
    private var fingerPresent = false
    private var fingerNeeded = false

    init(backend: ServiceBackend, connection: BusConnection, profile: SensorProfile) {
        self.backend = backend
        self.connection = connection
        self.profile = profile
        authority = PolkitAuthority { (method, arguments) throws(BusError) in try await connection.call(method, arguments) }
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        connection.executor.asUnownedSerialExecutor()
    }

    /// Called on the loop thread: the caller is counted at once (it may leave before the task
    /// runs), and the task runs there, after the calls that came before.
    nonisolated func handle(_ call: BusCall, reply: BusReply) {
        assumeIsolated { device in
            device.callers[call.sender, default: 0] += 1
            Task { await device.answer(call, reply) }
        }
    }

    private func answer(_ call: BusCall, _ reply: BusReply) async {
        defer { callFinished(call.sender) }
        do throws(BusError) {
            reply.succeed(try await respond(to: call))
        } catch {
            reply.fail(error)
        }
    }

    private func callFinished(_ sender: String) {
        let left = (callers[sender] ?? 1) - 1
        callers[sender] = left > 0 ? left : nil
        if left <= 0 { departed.remove(sender) }
    }

    private func respond(to call: BusCall) async throws(BusError) -> [BusValue] {
        switch call.member {
        case "ListEnrolledFingers": return [.stringArray(try await listEnrolledFingers(call))]
        case "DeleteEnrolledFingers2": try await deleteEnrolledFingers(call)
        case "DeleteEnrolledFinger": try await deleteEnrolledFinger(call)
        case "Claim": try await claimDevice(call)
        case "Release": try releaseDevice(call)
        case "VerifyStart": try await startVerification(call)
        case "EnrollStart": try await startEnrollment(call)
        case "VerifyStop": try stop(.verification, call)
        case "EnrollStop": try stop(.enrollment, call)
        default: throw .unknownMethod("no method \(call.member)")
        }
        return []
    }

    nonisolated func property(_ name: String, of interface: String) -> BusValue? {
        assumeIsolated { device in
            switch name {
            case "name": .string(device.profile.name)
            case "num-enroll-stages": .int32(Int32(device.backend.swipes))
            case "scan-type": .string(device.profile.kind == .press ? "press" : "swipe")
            case "finger-present": .boolean(device.fingerPresent)
            case "finger-needed": .boolean(device.fingerNeeded)
            default: nil
            }
        }
    }

    /// A client left the bus (reported on the loop thread): its operation stops and its claim
    /// ends, as fprintd does.
    nonisolated func clientVanished(_ name: String) {
        assumeIsolated { device in
            if device.callers[name] != nil { device.departed.insert(name) }
            guard device.claim?.sender == name else { return }
            device.endOperation()
            device.claim = nil
        }
    }

    /// Runs `work` on the device soon, in the order asked, without waiting for it: for the
    /// flows' events, which must not wait for the bus thread between two swipes.
    nonisolated func onLoop(_ work: @escaping @Sendable (isolated FprintDevice) -> Void) {
        connection.perform { [self] _ in assumeIsolated(work) }
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
