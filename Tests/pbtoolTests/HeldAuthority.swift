import DBus
import TestSupport

/// polkit's authority as the service sees it (`CheckAuthorization` on the bus), answering only
/// when the test answers: an authentication agent's password prompt, at a point the test
/// chooses. The real polkitd decides in ServicePolkitTests.
final class HeldAuthority: BusObject {
    static let interface = BusInterface(name: "org.freedesktop.PolicyKit1.Authority", methods: [
        .init("CheckAuthorization", inputs: [.init("subject", "(sa{sv})"), .init("action_id", "s"), .init("details", "a{ss}"),
                                             .init("flags", "u"), .init("cancellation_id", "s")],
              outputs: [.init("result", "(bba{ss})")]),
    ])
    static let policy = """
        <policy user="root"><allow own="org.freedesktop.PolicyKit1"/></policy>
        <policy context="default"><allow send_destination="org.freedesktop.PolicyKit1"/></policy>
        """
    /// polkit's AuthorizationResult for "authorised".
    static let authorised: [BusValue] = [.structure([.boolean(true), .boolean(false), .stringDictionary([:])])]

    let interfaces = [HeldAuthority.interface]
    /// The questions asked and not answered yet, oldest first.
    let asked = Arrivals<BusReply>()

    func handle(_ call: BusCall, reply: BusReply) {
        asked.add(reply)
    }

    func property(_ name: String, of interface: String) -> BusValue? { nil }

    /// The authority served on its own connection, which lives as long as this does.
    struct Served {
        let connection: BusConnection
        let object: HeldAuthority
    }

    static func serve(on address: String) throws -> Served {
        let connection = try BusConnection(address: address)
        let object = HeldAuthority()
        try connection.export(object, at: "/org/freedesktop/PolicyKit1/Authority")
        try connection.requestName("org.freedesktop.PolicyKit1")
        connection.start()
        return Served(connection: connection, object: object)
    }
}
