import DBus
import Foundation
import Testing
import TestSupport

/// The DBus module against a real dbus-daemon (a private one with a system-bus configuration):
/// an object exported by ``BusConnection`` called through ``BusClient``.
@Suite(.serialized) struct BusConnectionTests {
    static let name = "org.pbtool.BusTest"
    static let path = "/org/pbtool/BusTest"
    static let policy = """
        <policy user="root"><allow own="\(name)"/></policy>
        <policy context="default"><allow send_destination="\(name)"/></policy>
        """

    /// The private bus, a served connection owning ``name`` with an ``EchoObject``, and a client.
    final class Fixture {
        let bus: PrivateSystemBus
        let server: BusConnection
        let object = EchoObject()
        let vanished = VanishRecord()

        init() throws {
            bus = try PrivateSystemBus(policy: BusConnectionTests.policy)
            setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address, 1)
            server = try BusConnection()
            try server.export(object, at: BusConnectionTests.path)
            try server.onNameVanished { [vanished] in vanished.record($0) }
            try server.requestName(BusConnectionTests.name)
            server.start()
        }

        // The served connection's loop ends when the daemon stops and drops it.
        deinit {
            unsetenv("DBUS_SYSTEM_BUS_ADDRESS")
        }

        func client() throws -> BusClient { try BusClient() }

        func call(_ client: BusClient, _ interface: String, _ member: String, _ arguments: [BusValue] = []) throws(BusError) -> [BusValue] {
            try client.call(BusConnectionTests.name, BusConnectionTests.path, interface, member, arguments)
        }
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func callsReachTheObjectWithTheCallersUID() throws {
        let fixture = try Fixture()
        let client = try fixture.client()
        let reply = try fixture.call(client, EchoObject.interface.name, "Echo", [.string("hello")])
        #expect(reply == [.string("hello"), .int32(Int32(getuid())), .string(client.uniqueName)])
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func badCallsGetTheStandardErrors() throws {
        let fixture = try Fixture()
        let client = try fixture.client()
        let interface = EchoObject.interface.name
        #expect(errorName { try fixture.call(client, interface, "Echo", [.int32(1)]) } == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(errorName { try fixture.call(client, interface, "Nothing") } == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(errorName { try fixture.call(client, "org.pbtool.Other", "Echo") } == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(errorName { try fixture.call(client, interface, "Fail") } == "org.pbtool.Error.Refused")
        #expect(errorName { try fixture.call(client, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string("nothing")]) }
                == "org.freedesktop.DBus.Error.UnknownProperty")
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func introspectionAndPropertiesComeFromTheDescription() throws {
        let fixture = try Fixture()
        let client = try fixture.client()
        let document = try fixture.call(client, "org.freedesktop.DBus.Introspectable", "Introspect").first?.text ?? ""
        #expect(document.contains(#"<method name="Echo">"#))
        #expect(document.contains(#"<property name="dashed-name" type="s" access="read"/>"#))
        #expect(document.contains(#"<interface name="org.freedesktop.DBus.Properties">"#))
        let value = try fixture.call(client, "org.freedesktop.DBus.Properties", "Get", [.string(EchoObject.interface.name), .string("dashed-name")])
        #expect(value == [.string("value")])
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func signalsReachSubscribersAndLeavingClientsAreReported() throws {
        let fixture = try Fixture()
        let listener = try fixture.client()
        let pings = try listener.subscribe(EchoObject.interface.name, "Pinged")
        fixture.server.perform { $0.emit(from: BusConnectionTests.path, interface: EchoObject.interface.name, member: "Pinged", [.boolean(true)]) }
        #expect(pings.next(within: TestPatience.limit) == [.boolean(true)])

        var leaving: BusClient? = try fixture.client()
        let name = leaving!.uniqueName
        _ = try fixture.call(leaving!, EchoObject.interface.name, "Echo", [.string("bye")])
        leaving = nil
        #expect(fixture.vanished.wait(for: name, within: TestPatience.limit))
    }

    private func errorName(_ body: () throws -> [BusValue]) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? BusError)?.name ?? "\(error)"
        }
    }
}
