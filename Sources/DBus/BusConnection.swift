internal import CSystemdBus
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connection to the system bus through sd-bus, and the thread that serves it.
///
/// sd-bus is not thread-safe: everything touching the connection runs on its loop thread. Set
/// up (``export(_:at:)``, ``requestName(_:)``, ``onNameVanished(_:)``) before ``start()``;
/// afterwards reach the connection only through ``perform(_:)``, ``call(_:_:)``, a
/// ``BusReply`` or an actor running on ``executor``, from any thread. Exported objects and the
/// vanish handler are called on the loop thread.
public final class BusConnection: @unchecked Sendable {
    let busHandle: OpaquePointer
    let queue: BusLoopQueue
    private var exported: [ExportedObject] = []
    private var vanishHandler: ((String) -> Void)?
    /// Runs an actor's jobs on the loop thread, between the bus's messages (an actor's
    /// `unownedExecutor`): its code may then use the connection directly.
    public let executor: BusLoopExecutor

    /// Connects to the system bus: `$DBUS_SYSTEM_BUS_ADDRESS` when set, else the standard socket.
    public convenience init() throws(BusFailure) {
        try self.init(handle: SystemBus.open())
    }

    /// Connects to the bus at `address` (`unix:path=…`) instead: a test's own bus, where the
    /// environment's address is one per process.
    public convenience init(address: String) throws(BusFailure) {
        try self.init(handle: SystemBus.open(address: address))
    }

    private init(handle opened: OpaquePointer) throws(BusFailure) {
        do {
            queue = try BusLoopQueue()
        } catch {
            sd_bus_flush_close_unref(opened)
            throw error
        }
        busHandle = opened
        executor = BusLoopExecutor(queue: queue)
    }

    /// This connection's unique name (`:1.7`).
    public var uniqueName: String {
        SystemBus.uniqueName(of: busHandle)
    }

    /// Exports `object` at `path`.
    public func export(_ object: any BusObject, at path: String) throws(BusFailure) {
        let entry = ExportedObject(object, on: self)
        var slot: OpaquePointer?
        let code = sd_bus_add_object(busHandle, &slot, path, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<ExportedObject>.fromOpaque(userdata).takeUnretainedValue().receive(message) ? 1 : 0
        }, Unmanaged.passUnretained(entry).toOpaque())
        guard code >= 0 else { throw BusFailure(operation: "exporting \(path)", code: code) }
        entry.slot = slot
        exported.append(entry)
    }

    /// Owns the well-known `name`; fails when another connection owns it.
    public func requestName(_ name: String) throws(BusFailure) {
        let code = sd_bus_request_name(busHandle, name, 0)
        guard code >= 0 else { throw BusFailure(operation: "owning \(name)", code: code) }
    }

    /// Calls `handler` with a client's unique name when it leaves the bus.
    public func onNameVanished(_ handler: @escaping (String) -> Void) throws(BusFailure) {
        vanishHandler = handler
        let code = sd_bus_match_signal(busHandle, nil, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "NameOwnerChanged", { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<BusConnection>.fromOpaque(userdata).takeUnretainedValue().nameOwnerChanged(message)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        guard code >= 0 else { throw BusFailure(operation: "watching clients leave", code: code) }
    }

    /// Emits a signal from `path`. Loop thread only (inside ``perform(_:)`` or a handler).
    public func emit(from path: String, interface: String, member: String, _ values: [BusValue]) {
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(busHandle, &message, path, interface, member) >= 0, let message else { return }
        defer { sd_bus_message_unref(message) }
        do {
            try BusMessageWriter(message: message).append(values)
            sd_bus_send(busHandle, message, nil)
        } catch {
            return
        }
    }

    /// Emits `PropertiesChanged` for `changed` properties of `interface` at `path`. Loop thread only.
    public func emitPropertiesChanged(from path: String, interface: String, _ changed: [(String, BusValue)]) {
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(busHandle, &message, path, "org.freedesktop.DBus.Properties", "PropertiesChanged") >= 0,
              let message else { return }
        defer { sd_bus_message_unref(message) }
        let writer = BusMessageWriter(message: message)
        do {
            try writer.append(.string(interface))
            try writer.appendDictionary(changed)
            try writer.append(.stringArray([]))
            sd_bus_send(busHandle, message, nil)
        } catch {
            return
        }
    }

    /// Runs `work` on the loop thread, soon.
    public func perform(_ work: @escaping @Sendable (BusConnection) -> Void) {
        queue.add { [self] in work(self) }
    }

    /// Serves the bus on a thread of its own until the connection fails.
    public func start() {
        Thread.detachNewThread { [self] in
            queue.becomeLoopThread()
            serve()
        }
    }

    /// Whether the caller runs on the loop thread.
    var isLoopThread: Bool { queue.isLoopThread }

    private func nameOwnerChanged(_ message: OpaquePointer) {
        guard case let values = (try? BusMessageReader(message: message).values()) ?? [], values.count == 3,
              let name = values[0].text, let newOwner = values[2].text, name.hasPrefix(":"), newOwner.isEmpty else { return }
        vanishHandler?(name)
    }
}
