internal import CSystemdBus

/// A method call as an exported object sees it: who called, what, with which arguments.
public struct BusCall: Sendable {
    /// The object path called.
    public let path: String
    /// The interface named in the call.
    public let interface: String
    /// The method.
    public let member: String
    /// The caller's unique bus name (`:1.42`).
    public let sender: String
    /// The caller's user id, from the bus daemon's credentials for the sender; nil when the
    /// daemon did not say.
    public let callerUID: UInt32?
    /// The arguments, in order.
    public let arguments: [BusValue]

    /// The `index`th argument as text (the signature was checked against the interface).
    public func text(_ index: Int) -> String { arguments[index].text ?? "" }
}

extension BusCall {
    /// Reads `message`'s header, sender credentials and basic-typed arguments.
    static func read(_ message: OpaquePointer) throws(BusError) -> BusCall {
        BusCall(path: string(sd_bus_message_get_path(message)), interface: string(sd_bus_message_get_interface(message)),
                member: string(sd_bus_message_get_member(message)), sender: string(sd_bus_message_get_sender(message)),
                callerUID: senderUID(message), arguments: try argumentsUpToVariant(message))
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    // Properties.Set carries a variant this module does not read; the call is refused anyway.
    private static func argumentsUpToVariant(_ message: OpaquePointer) throws(BusError) -> [BusValue] {
        let signature = string(sd_bus_message_get_signature(message, 1))
        return signature.contains("v") ? [] : try BusMessageReader(message: message).values()
    }

    // dbus-daemon reports the peer's UnixUserID, which sd-bus files as the effective uid (what
    // SO_PEERCRED gave the daemon when the client connected).
    private static func senderUID(_ message: OpaquePointer) -> UInt32? {
        var credentials: OpaquePointer?
        guard sd_bus_query_sender_creds(message, UInt64(SD_BUS_CREDS_EUID), &credentials) >= 0 else { return nil }
        defer { sd_bus_creds_unref(credentials) }
        var uid: uid_t = 0
        return sd_bus_creds_get_euid(credentials, &uid) >= 0 ? uid : nil
    }
}
