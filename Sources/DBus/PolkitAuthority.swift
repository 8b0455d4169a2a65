/// polkit's authority (`org.freedesktop.PolicyKit1.Authority`), asked whether a caller on the bus
/// may perform an action, the way fprintd asks it: the subject is the caller's unique bus name
/// (`system-bus-name`) and polkit may ask the user through an authentication agent.
public struct PolkitAuthority: Sendable {
    /// polkit's answer, or that no polkit authority is on the bus.
    public enum Verdict: Sendable, Equatable {
        case authorised
        /// Refused, or polkit could not decide (its error's name and message).
        case refused(String)
        /// No program owns or can be started for `org.freedesktop.PolicyKit1`.
        case absent
    }

    /// Sends one method call and returns its reply (the seam: a bus connection's ``BusConnection/call(_:_:)``,
    /// which serves other calls while polkit decides).
    public typealias Caller = nonisolated(nonsending) @Sendable (BusMethod, [BusValue]) async throws(BusError) -> [BusValue]

    static let checkAuthorization = BusMethod(destination: "org.freedesktop.PolicyKit1", path: "/org/freedesktop/PolicyKit1/Authority",
                                              interface: "org.freedesktop.PolicyKit1.Authority", member: "CheckAuthorization")
    // CheckAuthorization's flag AllowUserInteraction (polkit's D-Bus API, CheckAuthorizationFlags).
    static let allowUserInteraction: UInt32 = 1
    // The bus's answers when nobody owns the name and nothing can be activated for it.
    static let absenceErrors: Set<String> = ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"]

    private let caller: Caller

    public init(caller: @escaping Caller) {
        self.caller = caller
    }

    /// Whether the client with unique bus name `sender` may perform `action`.
    public nonisolated(nonsending) func verdict(on action: String, for sender: String) async -> Verdict {
        let subject = BusValue.structure([.string("system-bus-name"), .variantDictionary(["name": .string(sender)])])
        let reply: [BusValue]
        do {
            reply = try await caller(Self.checkAuthorization, [subject, .string(action), .stringDictionary([:]), .uint32(Self.allowUserInteraction), .string("")])
        } catch {
            return Self.absenceErrors.contains(error.name) ? .absent : .refused("\(error.name): \(error.message)")
        }
        // AuthorizationResult (bba{ss}): is_authorized, is_challenge, details.
        guard case .structure(let result)? = reply.first, result.first?.flag == true else {
            return .refused("Not Authorized: \(action)")
        }
        return .authorised
    }
}
