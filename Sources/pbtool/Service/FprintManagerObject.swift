import DBus

/// `/net/reactivated/Fprint/Manager`: one device, the one pbtool serves.
final class FprintManagerObject: BusObject {
    let interfaces = [FprintInterfaces.manager]

    func handle(_ call: BusCall) throws(BusError) -> [BusValue] {
        switch call.member {
        case "GetDevices": [.objectPathArray([FprintInterfaces.devicePath])]
        default: [.objectPath(FprintInterfaces.devicePath)]
        }
    }

    func property(_ name: String, of interface: String) -> BusValue? { nil }
}
