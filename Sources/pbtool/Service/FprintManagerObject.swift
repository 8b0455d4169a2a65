import DBus

/// `/net/reactivated/Fprint/Manager`: one device, the one pbtool serves.
final class FprintManagerObject: BusObject {
    let interfaces = [FprintInterfaces.manager]

    func handle(_ call: BusCall, reply: BusReply) {
        switch call.member {
        case "GetDevices": reply.succeed([.objectPathArray([FprintInterfaces.devicePath])])
        default: reply.succeed([.objectPath(FprintInterfaces.devicePath)])
        }
    }

    func property(_ name: String, of interface: String) -> BusValue? { nil }
}
