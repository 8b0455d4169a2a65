import DBus
import Foundation
import Testing
import TestSupport

/// Deferred replies and calls that do not hold up the loop, against a real dbus-daemon: a call
/// whose reply the object keeps does not stop the connection answering others, and is answered
/// when the test answers it, from the test's thread.
@Suite(.serialized) struct BusDeferredReplyTests {
    typealias Fixture = BusConnectionTests.Fixture

    /// Calls `Hold(text)` from a client of its own on another thread; the outcome arrives in the result.
    static func holdInBackground(_ fixture: Fixture, _ text: String) -> Arrivals<Result<[BusValue], BusError>> {
        let address = fixture.bus.address
        return .outcome { () throws(BusError) in
            guard let client = try? BusClient(address: address) else { throw BusError("test.NoClient", "cannot connect to \(address)") }
            return try client.call(BusConnectionTests.name, BusConnectionTests.path, EchoObject.interface.name, "Hold", [.string(text)])
        }
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func aHeldCallDoesNotStopOthersAndIsAnsweredLater() throws {
        let fixture = try Fixture()
        let outcome = Self.holdInBackground(fixture, "first")
        let held = try #require(fixture.object.held.next(within: TestPatience.limit))

        let other = try fixture.client()
        let echoed = try fixture.call(other, EchoObject.interface.name, "Echo", [.string("meanwhile")])
        #expect(echoed.first == .string("meanwhile"))
        #expect(outcome.count == 0)

        held.succeed([.string("answered later")])
        held.fail(BusError("org.pbtool.Error.Late", "a second answer is ignored"))
        let answer = try #require(outcome.next(within: TestPatience.limit))
        #expect(answer == .success([.string("answered later")]))
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func aHeldCallDroppedUnansweredGetsAnError() throws {
        let fixture = try Fixture()
        let outcome = Self.holdInBackground(fixture, "forgotten")
        var held = fixture.object.held.next(within: TestPatience.limit)
        #expect(held != nil)
        held = nil
        let answer = try #require(outcome.next(within: TestPatience.limit))
        #expect((try? answer.get()) == nil)
        if case .failure(let error) = answer { #expect(error.name == "org.freedesktop.DBus.Error.Failed") }
    }

    @Test(.enabled(if: PrivateSystemBus.isAvailable, "needs dbus-daemon (Debian package dbus)"))
    func theConnectionsOwnCallWaitsWithoutStoppingTheLoop() async throws {
        let fixture = try Fixture()
        let server = fixture.server
        // The served connection calls its own object (as it asks polkit): with a blocking call
        // the loop could never deliver the Hold it is waiting for.
        let asking = Task {
            try await server.call(BusMethod(destination: BusConnectionTests.name, path: BusConnectionTests.path,
                                            interface: EchoObject.interface.name, member: "Hold"), [.string("asked")])
        }
        let held = try #require(fixture.object.held.next(within: TestPatience.limit))
        let client = try fixture.client()
        #expect(try fixture.call(client, EchoObject.interface.name, "Echo", [.string("meanwhile")]).first == .string("meanwhile"))
        held.succeed([.string("the answer")])
        #expect(try await asking.value == [.string("the answer")])
    }
}
