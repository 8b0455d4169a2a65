import BiometricFormats
import Biometry
import DBus

/// Listing and deleting enrolled fingers.
extension FprintDevice {
    func listEnrolledFingers(_ call: BusCall) throws(BusError) -> [String] {
        try authorise(.verify, call)
        let user = try actingUser(call.text(0), call)
        let fingers = try storedFingers(of: user)
        guard !fingers.isEmpty else { throw FprintError.noEnrolledPrints("Failed to discover prints") }
        return fingers.map(FprintFingerName.name(of:))
    }

    func deleteEnrolledFingers(_ call: BusCall) throws(BusError) {
        let claim = try claimant(call)
        try authorise(.enroll, call)
        try requireIdle()
        try deleting(for: claim.user) { fingers throws(BusError) in
            guard !fingers.isEmpty else { throw FprintError.noEnrolledPrints("No fingerprints to delete") }
            return fingers
        }
    }

    func deleteEnrolledFinger(_ call: BusCall) throws(BusError) {
        let claim = try claimant(call)
        try authorise(.enroll, call)
        try requireIdle()
        let finger = try fingerArgument(call.text(0))
        try deleting(for: claim.user) { fingers throws(BusError) in
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
    func storedFingers(of user: String, card: FlowCard? = nil) throws(BusError) -> [Finger] {
        do {
            return try card.map { try backend.enrolledFingers(of: user, card: $0) } ?? backend.enrolledFingers(of: user)
        } catch {
            throw FprintError.internal("Cannot read the template store: \(error)")
        }
    }

    /// Deletes the fingers `choose` picks from `user`'s: on the card when it decides for `user`
    /// (with the service's admin credential), else in the store.
    private func deleting(for user: String, _ choose: ([Finger]) throws(BusError) -> [Finger]) throws(BusError) {
        let card = try managedCard(for: user)
        defer { card?.connection.disconnect(leavingPowered: false) }
        let fingers = try choose(storedFingers(of: user, card: card?.connection))
        do {
            try backend.delete(fingers, of: user, from: card?.references)
        } catch {
            throw FprintError.printsNotDeleted("Failed to delete fingerprints: \(ErrorReport(error).message)")
        }
    }

    /// The card that decides for `user`, if one is in the reader, with its references authorised
    /// for enrolling and deleting; an Internal error when the service has no admin credential
    /// for it (the card is then left alone).
    func managedCard(for user: String) throws(BusError) -> ManagedCard? {
        guard let card = backend.card(for: user) else { return nil }
        do {
            return ManagedCard(connection: card, references: try backend.managedReferences(on: card))
        } catch {
            card.disconnect(leavingPowered: false)
            throw FprintError.internal("Cannot change fingers on the card in \(card.reader): \(ErrorReport(error).message)")
        }
    }
}
