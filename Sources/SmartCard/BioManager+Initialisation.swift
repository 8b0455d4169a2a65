/// The life cycle from the factory to use, as one operation.
extension BioManager {
    /// Takes a virgin card to operational with `adminKey`, in one exchange with the card:
    /// LEAVE VIRGIN (the card makes a start key), VERIFY KEY with it, CHANGE KEY to `adminKey`,
    /// STATE CONTROL to operational. Returns the life cycle the card then reports.
    /// - Throws: `CardEdgeError.wrongState` when the card is not virgin (nothing is changed).
    public func initialise(adminKey: [UInt8]) throws -> BioManagerLifeCycle {
        try transport.exclusively {
            try select()
            let lifeCycle = try properties().lifeCycle
            guard lifeCycle == .virgin else {
                throw CardEdgeError.wrongState(operation: "initialisation",
                                               detail: "the card is already initialised (life cycle: \(lifeCycle))")
            }
            let startKey = try leaveVirgin()
            try verifyKey(startKey, .start)
            try changeKey(.admin, to: adminKey)
            try changeState(to: .operational)
            return try properties().lifeCycle
        }
    }
}
