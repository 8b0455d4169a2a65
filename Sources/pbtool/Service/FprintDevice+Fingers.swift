import BiometricFormats
import DBus

/// Listing and deleting enrolled fingers.
extension FprintDevice {
    func listEnrolledFingers(_ call: BusCall) throws(BusError) -> [String] {
        let user = try actingUser(call.text(0), call)
        let fingers = try storedFingers(of: user)
        guard !fingers.isEmpty else { throw FprintError.noEnrolledPrints("Failed to discover prints") }
        return fingers.map(FprintFingerName.name(of:))
    }

    func deleteEnrolledFingers(_ call: BusCall) throws(BusError) {
        let claim = try claimant(call)
        try requireIdle()
        let fingers = try storedFingers(of: claim.user)
        guard !fingers.isEmpty else { throw FprintError.noEnrolledPrints("No fingerprints to delete") }
        try delete(fingers, of: claim.user)
    }

    func deleteEnrolledFinger(_ call: BusCall) throws(BusError) {
        let claim = try claimant(call)
        try requireIdle()
        let finger = try fingerArgument(call.text(0))
        guard try storedFingers(of: claim.user).contains(finger) else {
            throw FprintError.noEnrolledPrints("Fingerprint \(FprintFingerName.name(of: finger)) is not enrolled")
        }
        try delete([finger], of: claim.user)
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

    func storedFingers(of user: String) throws(BusError) -> [Finger] {
        do {
            return try backend.enrolledFingers(of: user)
        } catch {
            throw FprintError.internal("Cannot read the template store: \(error)")
        }
    }

    private func delete(_ fingers: [Finger], of user: String) throws(BusError) {
        do {
            try backend.delete(fingers, of: user)
        } catch {
            throw FprintError.printsNotDeleted("Failed to delete fingerprints: \(error)")
        }
    }
}
