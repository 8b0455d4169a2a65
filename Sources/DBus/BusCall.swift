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
                callerUID: senderUID(message), arguments: try arguments(message))
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
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

    private static func arguments(_ message: OpaquePointer) throws(BusError) -> [BusValue] {
        let signature = string(sd_bus_message_get_signature(message, 1))
        var values: [BusValue] = []
        for type in signature.utf8 {
            switch type {
            case UInt8(ascii: "s"), UInt8(ascii: "o"):
                var pointer: UnsafePointer<CChar>?
                guard sd_bus_message_read_basic(message, CChar(bitPattern: type), &pointer) > 0, let pointer else { throw unreadable(signature) }
                let text = String(cString: pointer)
                values.append(type == UInt8(ascii: "s") ? .string(text) : .objectPath(text))
            case UInt8(ascii: "b"), UInt8(ascii: "i"):
                var number: Int32 = 0
                guard sd_bus_message_read_basic(message, CChar(bitPattern: type), &number) > 0 else { throw unreadable(signature) }
                values.append(type == UInt8(ascii: "b") ? .boolean(number != 0) : .int32(number))
            default:
                return values
            }
        }
        return values
    }

    private static func unreadable(_ signature: String) -> BusError {
        .invalidArguments("arguments of signature \(signature) could not be read")
    }
}
