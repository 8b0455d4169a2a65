internal import CSystemdBus

/// What the served connection and the client both do with an sd-bus handle.
enum SystemBus {
    /// Connects to the system bus: `$DBUS_SYSTEM_BUS_ADDRESS` when set, else the standard socket.
    static func open() throws(BusFailure) -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sd_bus_open_system(&opened)
        guard code >= 0, let opened else { throw BusFailure(operation: "connecting to the system bus", code: code) }
        return opened
    }

    /// Connects as a client to the bus at `address` (`unix:path=…`), a system bus of a test's or
    /// benchmark's own: the environment's address is one per process.
    static func open(address: String) throws(BusFailure) -> OpaquePointer {
        var created: OpaquePointer?
        var code = sd_bus_new(&created)
        guard code >= 0, let created else { throw BusFailure(operation: "connecting to \(address)", code: code) }
        code = sd_bus_set_address(created, address)
        if code >= 0 { code = sd_bus_set_bus_client(created, 1) }
        if code >= 0 { code = sd_bus_start(created) }
        guard code >= 0 else {
            sd_bus_unref(created)
            throw BusFailure(operation: "connecting to \(address)", code: code)
        }
        return created
    }

    /// The connection's unique name (`:1.7`).
    static func uniqueName(of bus: OpaquePointer) -> String {
        var name: UnsafePointer<CChar>?
        return sd_bus_get_unique_name(bus, &name) >= 0 ? name.map { String(cString: $0) } ?? "" : ""
    }

    /// Calls `method` on `bus` and waits for its reply (sd-bus's default timeout, 25 s); the
    /// reply's values, or the error reply thrown.
    static func call(on bus: OpaquePointer, _ method: BusMethod, _ arguments: [BusValue]) throws(BusError) -> [BusValue] {
        let message = try methodCall(on: bus, method, arguments)
        defer { sd_bus_message_unref(message) }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        guard sd_bus_call(bus, message, 0, &error, &reply) >= 0, let reply else {
            throw BusError(error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                           error.message.map { String(cString: $0) } ?? "the call of \(method.member) failed")
        }
        defer { sd_bus_message_unref(reply) }
        return try BusMessageReader(message: reply).values()
    }

    /// A new message calling `method` with `arguments`, for the caller to send and unref.
    static func methodCall(on bus: OpaquePointer, _ method: BusMethod, _ arguments: [BusValue]) throws(BusError) -> OpaquePointer {
        var message: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &message, method.destination, method.path, method.interface, method.member) >= 0,
              let message else {
            throw BusError("org.freedesktop.DBus.Error.Failed", "cannot build a call of \(method.member)")
        }
        do {
            try BusMessageWriter(message: message).append(arguments)
        } catch {
            sd_bus_message_unref(message)
            throw BusError("org.freedesktop.DBus.Error.Failed", error.description)
        }
        return message
    }
}
