import BiometricFormats
import Biometry
import DBus

/// Enrollment and verification: started by a call, run by pbtool's flows on their own threads,
/// reported by signals, ended by the matching Stop (or Release, or the client leaving).
///
/// A Start call holds the device from its checks on: what needs the card or the store (the
/// card's admin credential, the enrolled fingers) is found off the loop, and the call is
/// answered when that is done; a Stop, Release or vanished client meanwhile ends it there.
extension FprintDevice {
    func startEnrollment(_ call: BusCall) async throws(BusError) {
        _ = try claimant(call)
        try await authorise(.enroll, call)
        let claim = try claimant(call)
        try requireIdle()
        let finger = try fingerArgument(call.text(0))
        let handle = OperationHandle()
        let generation = reserve(.enrollment, cancel: { handle.cancel() })
        let backend = backend
        let card = try await preparing(generation, for: call) { () throws(BusError) in
            try Self.managedCard(for: claim.user, in: backend)
        } release: { $0?.connection.disconnect(leavingPowered: false) }
        launch(generation, handle, announcing: nil) { try backend.enrollment(of: finger, user: claim.user, onto: card) }
    }

    func startVerification(_ call: BusCall) async throws(BusError) {
        _ = try claimant(call)
        try await authorise(.verify, call)
        let claim = try claimant(call)
        try requireIdle()
        let requested = call.text(0)
        let finger = requested == FprintFingerName.any ? nil : try fingerArgument(requested)
        let handle = OperationHandle()
        let generation = reserve(.verification, cancel: { handle.cancel() })
        let backend = backend
        let place = try await preparing(generation, for: call) { () throws(BusError) in
            try Self.checkedPlace(for: claim.user, finger: finger, named: requested, in: backend)
        } release: { $0.close() }
        let choice = finger.map(VerificationController.FingerChoice.finger) ?? .any
        launch(generation, handle, announcing: requested) { try backend.verification(of: choice, user: claim.user, at: place) }
    }

    /// Where `user`'s verification is decided (the card connected, or the store open), once
    /// `user` is found to have `finger` (any finger when nil) enrolled there. Blocks: off the loop only.
    private static func checkedPlace(for user: String, finger: Finger?, named name: String,
                                     in backend: ServiceBackend) throws(BusError) -> VerificationPlace {
        let place: VerificationPlace, enrolled: [Finger]
        do {
            place = try backend.verificationPlace(for: user)
            do { enrolled = try place.enrolledFingers(of: user) } catch { place.close(); throw error }
        } catch {
            throw FprintError.internal("Cannot read the template store: \(error)")
        }
        let missing = enrolled.isEmpty ? "No fingerprints enrolled"
            : finger.flatMap { enrolled.contains($0) ? nil : "No print of \(name) enrolled" }
        if let missing {
            place.close()
            throw FprintError.noEnrolledPrints(missing)
        }
        return place
    }

    /// Holds the device for `operation` (the next generation) until it is stopped.
    func reserve(_ operation: Operation, cancel: @escaping @Sendable () -> Void) -> Int {
        generation += 1
        running = Running(operation: operation, generation: generation, cancel: cancel)
        return generation
    }

    /// Runs `work` off the loop for the operation `generation` has reserved. When it fails the
    /// device is free again; when the operation was ended meanwhile, what `work` built is
    /// released and the Start call is told so.
    private func preparing<Prepared: Sendable>(_ generation: Int, for call: BusCall,
                                               _ work: @escaping @Sendable () throws(BusError) -> Prepared,
                                               release: (Prepared) -> Void) async throws(BusError) -> Prepared {
        let prepared: Prepared
        do {
            prepared = try await BlockingWork.run(work)
        } catch {
            if running?.generation == generation { running = nil }
            throw error
        }
        guard running?.generation == generation else {
            release(prepared)
            guard claim?.sender == call.sender else { throw FprintError.claimDevice("Device was released before the operation started") }
            throw FprintError.internal("The operation was stopped before it started")
        }
        return prepared
    }

    func stop(_ operation: Operation, _ call: BusCall) throws(BusError) {
        _ = try claimant(call)
        guard running?.operation == operation else { throw FprintError.noActionInProgress("No \(operation.rawValue.lowercased()) in progress") }
        endOperation()
    }

    /// Builds the flow (the sensor, the store, the card) and runs it on a task of its own, so
    /// the Start call is answered as soon as it is checked however long that takes, and reports
    /// it. Signals go out from the device's own jobs, which run after the reply to the Start call
    /// (sent by the job running now): fprintd's clients ignore statuses that arrive before it.
    /// The card, if any, is disconnected once the flow has ended.
    private func launch<Flow: BiometryFlow>(_ generation: Int, _ handle: OperationHandle, announcing finger: String?,
                                            make: @escaping @Sendable () throws -> (Flow, FlowCard?)) {
        Task.detached { [self] in
            if let finger { onLoop { $0.announce(finger, generation: generation) } }
            let flow: Flow, card: FlowCard?
            do {
                (flow, card) = try make()
            } catch {
                return onLoop { $0.flowFailed(error, generation: generation) }
            }
            guard handle.attach({ flow.cancel() }) else {
                card?.disconnect(leavingPowered: false)
                return
            }
            await follow(flow, card: card, generation: generation)
        }
    }

    private func announce(_ finger: String, generation: Int) {
        guard running?.generation == generation else { return }
        connection.emit(from: FprintInterfaces.devicePath, interface: FprintInterfaces.device.name,
                        member: "VerifyFingerSelected", [.string(finger)])
    }

    /// Hands the flow's events to the device without waiting for them to be sent: the flow goes
    /// on at its own pace. The card is disconnected before the final status goes out: a client
    /// that starts its next operation on that status must not find the card being reset under
    /// its new connection.
    private nonisolated func follow<Flow: BiometryFlow>(_ flow: Flow, card: FlowCard?, generation: Int) async {
        var final: BiometryEvent?
        do {
            for try await event in flow {
                if case .prompt(let prompt) = event { flow.answer(prompt.id, with: .next) }
                if case .finished = event {
                    final = event
                } else {
                    onLoop { $0.flowEvent(event, generation: generation) }
                }
            }
            card?.disconnect(leavingPowered: false)
            if let final { onLoop { $0.flowEvent(final, generation: generation) } }
        } catch {
            card?.disconnect(leavingPowered: false)
            onLoop { $0.flowFailed(error, generation: generation) }
        }
    }

    private func flowEvent(_ event: BiometryEvent, generation: Int) {
        guard var current = running, current.generation == generation else { return }
        if case .finger(let presence) = event { noteFinger(presence) }
        if case .matchRejected(let rejection) = event, rejection.place == .host {
            current.rejectedOnHost = true
            running = current
        }
        let status = current.operation == .enrollment
            ? FprintStatus.enrollment(event) : FprintStatus.verification(event, rejectedOnHost: current.rejectedOnHost)
        if let status { report(status, of: current.operation) }
    }

    private func flowFailed(_ error: any Error, generation: Int) {
        guard let current = running, current.generation == generation else { return }
        report(FprintStatus.failure(error, enrolling: current.operation == .enrollment), of: current.operation)
    }

    private func report(_ status: FprintStatus, of operation: Operation) {
        if status.done {
            running?.done = true
            noteFinger(.none)
        }
        connection.emit(from: FprintInterfaces.devicePath, interface: FprintInterfaces.device.name,
                        member: "\(operation.rawValue)Status", [.string(status.result), .boolean(status.done)])
    }
}
