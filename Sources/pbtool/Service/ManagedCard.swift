import Biometry

/// The card that decides for a user, connected, with its references authorised for enrolling
/// onto it and deleting from it (the service's admin key or PIN).
struct ManagedCard {
    let connection: FlowCard
    let references: CardReferences
}

// Like FlowCard: handed to the one flow that enrols on it (or used by one delete call on the bus
// thread) and disconnected by that owner, never used by two threads at once.
extension ManagedCard: @unchecked Sendable {}
