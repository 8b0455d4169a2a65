import DBus
import Foundation
import TestSupport

/// A small exported object: `Echo(s)` answers the text, the caller's uid and unique name;
/// `Hold(s)` keeps its reply for the test to answer (``held``); `Fail` answers an error; one
/// property with a dash in its name (as fprintd's have).
final class EchoObject: BusObject {
    static let interface = BusInterface(name: "org.pbtool.BusTest", methods: [
        .init("Echo", inputs: [.init("text", "s")], outputs: [.init("text", "s"), .init("uid", "i"), .init("sender", "s")]),
        .init("Hold", inputs: [.init("text", "s")], outputs: [.init("text", "s")]),
        .init("Fail"),
    ], signals: [.init("Pinged", [.init("flag", "b")])], properties: [.init("dashed-name", "s")])

    let interfaces = [EchoObject.interface]
    let held = Arrivals<BusReply>()

    func handle(_ call: BusCall, reply: BusReply) {
        switch call.member {
        case "Echo": reply.succeed([.string(call.text(0)), .int32(Int32(call.callerUID ?? UInt32.max)), .string(call.sender)])
        case "Hold": held.add(reply)
        default: reply.fail(BusError("org.pbtool.Error.Refused", "refused"))
        }
    }

    func property(_ name: String, of interface: String) -> BusValue? { .string("value") }
}

/// The unique names the connection reported leaving, awaited by the test.
final class VanishRecord: @unchecked Sendable {
    private let condition = NSCondition()
    private var names: Set<String> = []

    func record(_ name: String) {
        condition.withLock {
            names.insert(name)
            condition.broadcast()
        }
    }

    /// Whether `name` was reported within `limit`.
    func wait(for name: String, within limit: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: TestPatience.seconds(limit))
        condition.lock()
        defer { condition.unlock() }
        while !names.contains(name) {
            if !condition.wait(until: deadline) { return names.contains(name) }
        }
        return true
    }
}
