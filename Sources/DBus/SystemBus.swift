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
}
