import DBus
import Synchronization
import Testing

/// ``PolkitAuthority``'s decision at its seam: the call it sends and how it reads polkit's reply
/// and the bus's errors, with a recorded caller in place of the bus (a real polkitd answers in
/// ServicePolkitTests).
struct PolkitAuthorityTests {
    /// Answers every call with `answer` and keeps what was sent.
    final class RecordedCaller: Sendable {
        let sent = Mutex<[(BusMethod, [BusValue])]>([])
        let answer: @Sendable () throws(BusError) -> [BusValue]

        init(_ answer: @escaping @Sendable () throws(BusError) -> [BusValue]) {
            self.answer = answer
        }

        var authority: PolkitAuthority {
            PolkitAuthority { (method, arguments) throws(BusError) in
                self.sent.withLock { $0.append((method, arguments)) }
                return try self.answer()
            }
        }
    }

    static func result(authorised: Bool, challenge: Bool = false) -> [BusValue] {
        [.structure([.boolean(authorised), .boolean(challenge), .stringDictionary([:])])]
    }

    @Test func asksCheckAuthorizationForTheCallersBusNameAllowingInteraction() async {
        let caller = RecordedCaller { Self.result(authorised: true) }
        #expect(await caller.authority.verdict(on: "net.reactivated.fprint.device.verify", for: ":1.42") == .authorised)
        let sent = caller.sent.withLock { $0 }
        #expect(sent.count == 1)
        #expect(sent.first?.0.destination == "org.freedesktop.PolicyKit1")
        #expect(sent.first?.0.path == "/org/freedesktop/PolicyKit1/Authority")
        #expect(sent.first?.0.interface == "org.freedesktop.PolicyKit1.Authority")
        #expect(sent.first?.0.member == "CheckAuthorization")
        #expect(sent.first?.1 == [
            .structure([.string("system-bus-name"), .variantDictionary(["name": .string(":1.42")])]),
            .string("net.reactivated.fprint.device.verify"), .stringDictionary([:]), .uint32(1), .string(""),
        ])
        #expect(sent.first?.1.map(\.signature).joined() == "(sa{sv})sa{ss}us")
    }

    @Test func aRefusalOrAChallengeIsNotAnAuthorisation() async {
        #expect(await RecordedCaller { Self.result(authorised: false) }.authority.verdict(on: "a.b", for: ":1.1")
            == .refused("Not Authorized: a.b"))
        #expect(await RecordedCaller { Self.result(authorised: false, challenge: true) }.authority.verdict(on: "a.b", for: ":1.1")
            == .refused("Not Authorized: a.b"))
        #expect(await RecordedCaller { [] }.authority.verdict(on: "a.b", for: ":1.1") == .refused("Not Authorized: a.b"))
    }

    @Test func noPolkitOnTheBusIsAbsentAnyOtherErrorRefuses() async {
        for name in ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"] {
            #expect(await RecordedCaller { () throws(BusError) in throw BusError(name, "nobody") }.authority.verdict(on: "a.b", for: ":1.1") == .absent)
        }
        let noReply = RecordedCaller { () throws(BusError) in throw BusError("org.freedesktop.DBus.Error.NoReply", "timed out") }
        #expect(await noReply.authority.verdict(on: "a.b", for: ":1.1") == .refused("org.freedesktop.DBus.Error.NoReply: timed out"))
    }
}
