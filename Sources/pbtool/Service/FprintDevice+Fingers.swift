import BiometricFormats
import Biometry
import DBus

/// Listing and deleting enrolled fingers. The store and the card are reached off the loop
/// (``BlockingWork``); a delete holds the device as an operation meanwhile, so nothing else
/// starts on the same fingers.
extension FprintDevice {
    func listEnrolledFingers(_ call: BusCall) async throws(BusError) -> [String] {
        try await authorise(.verify, call)
        let user = try await actingUser(call.text(0), call)
        let backend = backend
        let fingers = try await BlockingWork.run { () throws(BusError) in try Self.storedFingers(of: user, in: backend) }
        guard !fingers.isEmpty else { throw FprintError.noEnrolledPrints("Failed to discover prints") }
        return fingers.map(FprintFingerName.name(of:))
    }

    func deleteEnrolledFingers(_ call: BusCall) async throws(BusError) {
        _ = try claimant(call)
        try await authorise(.enroll, call)
        try await deleting(call) { fingers throws(BusError) in
            guard !fingers.isEmpty else { throw FprintError.noEnrolledPrints("No fingerprints to delete") }
            return fingers
        }
    }

    func deleteEnrolledFinger(_ call: BusCall) async throws(BusError) {
        _ = try claimant(call)
        try await authorise(.enroll, call)
        let finger = try fingerArgument(call.text(0))
        try await deleting(call) { fingers throws(BusError) in
            guard fingers.contains(finger) else {
                throw FprintError.noEnrolledPrints("Fingerprint \(FprintFingerName.name(of: finger)) is not enrolled")
            }
            return [finger]
        }
    }

    /// The finger fprintd names `name`; an InvalidFingername error otherwise.
    func fingerArgument(_ name: String) throws(BusError) -> Finger {
        guard let finger = FprintFingerName.finger(named: name) else {
            throw FprintError.invalidFingername("Invalid finger name \(Self.excerpt(name))")
        }
        return finger
    }

    /// An AlreadyInUse error while an operation runs.
    func requireIdle() throws(BusError) {
        if let running { throw FprintError.alreadyInUse("\(running.operation.rawValue) operation already in progress") }
    }

    /// `user`'s fingers: on `card` when given (left connected), else as the backend finds them.
    /// Blocks: off the loop only.
    static func storedFingers(of user: String, in backend: ServiceBackend, card: FlowCard? = nil) throws(BusError) -> [Finger] {
        do {
            return try card.map { try backend.enrolledFingers(of: user, card: $0) } ?? backend.enrolledFingers(of: user)
        } catch {
            throw FprintError.internal("Cannot read the template store: \(error)")
        }
    }

    /// Deletes the fingers `choose` picks from the claimant's: on the card when it decides for
    /// the user (with the service's admin credential), else in the store. The device counts as
    /// busy until the delete is done; a Release meanwhile does not stop it.
    private func deleting(_ call: BusCall, _ choose: @escaping @Sendable ([Finger]) throws(BusError) -> [Finger]) async throws(BusError) {
        let claim = try claimant(call)
        try requireIdle()
        let generation = reserve(.deletion, cancel: {})
        defer { if running?.generation == generation { running = nil } }
        let backend = backend
        try await BlockingWork.run { () throws(BusError) in
            let card = try Self.managedCard(for: claim.user, in: backend)
            defer { card?.connection.disconnect(leavingPowered: false) }
            let fingers = try choose(Self.storedFingers(of: claim.user, in: backend, card: card?.connection))
            do {
                try backend.delete(fingers, of: claim.user, from: card?.references)
            } catch {
                throw FprintError.printsNotDeleted("Failed to delete fingerprints: \(ErrorReport(error).message)")
            }
        }
    }

    /// The card that decides for `user`, if one is in the reader, with its references authorised
    /// for enrolling and deleting; an Internal error when the service has no admin credential
    /// for it (the card is then left alone). Blocks: off the loop only.
    static func managedCard(for user: String, in backend: ServiceBackend) throws(BusError) -> ManagedCard? {
        guard let card = backend.card(for: user) else { return nil }
        do {
            return ManagedCard(connection: card, references: try backend.managedReferences(on: card))
        } catch {
            card.disconnect(leavingPowered: false)
            throw FprintError.internal("Cannot change fingers on the card in \(card.reader): \(ErrorReport(error).message)")
        }
    }
}
