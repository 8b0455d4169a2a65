import BiometricFormats
import Biometry
import DBus

/// Enrollment and verification: started by a call, run by pbtool's flows on their own threads,
/// reported by signals, ended by the matching Stop (or Release, or the client leaving).
extension FprintDevice {
    func startEnrollment(_ call: BusCall) throws(BusError) {
        let claim = try claimant(call)
        try authorise(.enroll, call)
        try requireIdle()
        let finger = try fingerArgument(call.text(0))
        let card = try managedCard(for: claim.user)
        let backend = backend
        start(.enrollment, announcing: nil) { try backend.enrollment(of: finger, user: claim.user, onto: card) }
    }

    func startVerification(_ call: BusCall) throws(BusError) {
        let claim = try claimant(call)
        try authorise(.verify, call)
        try requireIdle()
        let requested = call.text(0)
        let finger = requested == FprintFingerName.any ? nil : try fingerArgument(requested)
        let card = backend.card(for: claim.user)
        do throws(BusError) {
            let enrolled = try storedFingers(of: claim.user, card: card)
            guard !enrolled.isEmpty else { throw FprintError.noEnrolledPrints("No fingerprints enrolled") }
            if let finger, !enrolled.contains(finger) { throw FprintError.noEnrolledPrints("No print of \(requested) enrolled") }
        } catch {
            card?.disconnect(leavingPowered: false)
            throw error
        }
        let choice = finger.map(VerificationController.FingerChoice.finger) ?? .any
        let backend = backend
        start(.verification, announcing: requested) { try backend.verification(of: choice, user: claim.user, card: card) }
    }

    func stop(_ operation: Operation, _ call: BusCall) throws(BusError) {
        _ = try claimant(call)
        guard running?.operation == operation else { throw FprintError.noActionInProgress("No \(operation.rawValue.lowercased()) in progress") }
        endOperation()
    }

    /// Builds the flow (the sensor, the store, the card) and runs it on a task of its own, so
    /// the Start call is answered at once however long that takes, and reports it. Signals go
    /// out through `perform`, after the reply to the Start call: fprintd's clients ignore
    /// statuses that arrive before it. The card, if any, is disconnected once the flow has ended.
    private func start<Flow: BiometryFlow>(_ operation: Operation, announcing finger: String?,
                                           make: @escaping @Sendable () throws -> (Flow, FlowCard?)) {
        generation += 1
        let generation = generation
        let handle = OperationHandle()
        running = Running(operation: operation, generation: generation, cancel: { handle.cancel() })
        connection.perform { [self] connection in
            if let finger {
                connection.emit(from: FprintInterfaces.devicePath, interface: FprintInterfaces.device.name,
                                member: "VerifyFingerSelected", [.string(finger)])
            }
            Task.detached { [self] in
                let flow: Flow, card: FlowCard?
                do {
                    (flow, card) = try make()
                } catch {
                    return connection.perform { [self] _ in flowFailed(error, generation: generation) }
                }
                guard handle.attach({ flow.cancel() }) else {
                    card?.disconnect(leavingPowered: false)
                    return
                }
                await follow(flow, card: card, generation: generation)
            }
        }
    }

    /// Hands the flow's events to the bus thread. The card is disconnected before the final
    /// status goes out: a client that starts its next operation on that status must not find the
    /// card being reset under its new connection.
    private func follow<Flow: BiometryFlow>(_ flow: Flow, card: FlowCard?, generation: Int) async {
        var final: BiometryEvent?
        do {
            for try await event in flow {
                if case .prompt(let prompt) = event { flow.answer(prompt.id, with: .next) }
                if case .finished = event {
                    final = event
                } else {
                    connection.perform { [self] _ in flowEvent(event, generation: generation) }
                }
            }
            card?.disconnect(leavingPowered: false)
            if let final { connection.perform { [self] _ in flowEvent(final, generation: generation) } }
        } catch {
            card?.disconnect(leavingPowered: false)
            connection.perform { [self] _ in flowFailed(error, generation: generation) }
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
