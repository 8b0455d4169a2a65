/// The seven events the Precise toolkit plays a sound for; pbtool runs a configured command
/// (or rings the terminal bell) instead.
public enum SoundEvent: String, Sendable, Hashable, CaseIterable {
    case accessoryConnected = "accessory-connected"
    case accessoryDisconnected = "accessory-disconnected"
    case cardInserted = "card-inserted"
    case cardRemoved = "card-removed"
    case verificationAccepted = "verification-accepted"
    case verificationRejected = "verification-rejected"
    case swipeFailed = "swipe-failed"

    /// The sound event a flow event stands for, if any.
    public init?(_ event: BiometryEvent) {
        switch event {
        case .device(.sensorAttached): self = .accessoryConnected
        case .device(.sensorDetached): self = .accessoryDisconnected
        case .device(.cardInserted): self = .cardInserted
        case .device(.cardRemoved): self = .cardRemoved
        case .matchAccepted: self = .verificationAccepted
        case .matchRejected: self = .verificationRejected
        case .swipeRejected: self = .swipeFailed
        default: return nil
        }
    }
}
