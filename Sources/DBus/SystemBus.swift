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

    /// The connection's unique name (`:1.7`).
    static func uniqueName(of bus: OpaquePointer) -> String {
        var name: UnsafePointer<CChar>?
        return sd_bus_get_unique_name(bus, &name) >= 0 ? name.map { String(cString: $0) } ?? "" : ""
    }
}
