import BiometricFormats

/// IDStore operations that need the BioManager first (the two applets share one security state),
/// each as one exchange with the card, so the authentication serves no other application's APDUs.
extension IDStore {
    /// What a read that verifies a finger first came to.
    public enum VerifiedRead: Hashable, Sendable {
        /// The finger matched and the entry's bytes were read.
        case released([UInt8])
        /// The finger did not match (or is blocked); nothing was read.
        case refused(VerificationOutcome)
    }

    /// Verifies the admin key on the BioManager, then stores `data` under `name`
    /// (``store(_:named:access:)``).
    @discardableResult
    public func store(_ data: [UInt8], named name: String, access: IDStoreAccess,
                      adminKey: [UInt8]) throws -> IDStoreEntry {
        try transport.exclusively {
            try verifyAdminKey(adminKey)
            return try store(data, named: name, access: access)
        }
    }

    /// Verifies the admin key on the BioManager, then erases the entry `name`.
    public func remove(named name: String, adminKey: [UInt8]) throws {
        try transport.exclusively {
            try verifyAdminKey(adminKey)
            try remove(named: name)
        }
    }

    /// Verifies `finger` with `minutiae` on the BioManager (pruned and sorted to its
    /// requirements), then reads `name`: the release does not depend on the card staying powered
    /// between two connections.
    public func read(named name: String, verifying finger: Finger, with minutiae: CompactCardTemplate) throws -> VerifiedRead {
        try transport.exclusively {
            let bioManager = BioManager(transport: transport)
            try bioManager.select()
            let outcome = try bioManager.verify(finger, minutiae: minutiae)
            guard outcome == .match else { return .refused(outcome) }
            try select()
            return .released(try read(named: name))
        }
    }

    /// Reads `name`; when its read condition admits the admin key and is not met yet, verifies
    /// `adminKey` on the BioManager and reads again (`verifiedAdminKey`: reset the card after).
    /// A finger-only entry never costs a key try.
    public func read(named name: String, adminKey: [UInt8]) throws -> (data: [UInt8], verifiedAdminKey: Bool) {
        try transport.exclusively {
            do {
                return (try read(named: name), false)
            } catch IDStoreError.accessDenied(_, let needs) where needs == .admin || needs == .fingerOrAdmin {
                try verifyAdminKey(adminKey)
                return (try read(named: name), true)
            }
        }
    }

    private func verifyAdminKey(_ key: [UInt8]) throws {
        let bioManager = BioManager(transport: transport)
        try bioManager.select()
        try bioManager.verifyKey(key, .admin)
        try select()
    }
}
