import DBus

/// fprintd's D-Bus API (version 1.94): the bus name, the object paths, and the Manager and
/// Device interfaces as data (docs/service.md).
enum FprintInterfaces {
    static let busName = "net.reactivated.Fprint"
    static let managerPath = "/net/reactivated/Fprint/Manager"
    static let devicePath = "/net/reactivated/Fprint/Device/0"

    static let manager = BusInterface(name: "net.reactivated.Fprint.Manager", methods: [
        .init("GetDevices", outputs: [.init("devices", "ao")]),
        .init("GetDefaultDevice", outputs: [.init("device", "o")]),
    ])

    static let device = BusInterface(name: "net.reactivated.Fprint.Device", methods: [
        .init("ListEnrolledFingers", inputs: [.init("username", "s")], outputs: [.init("enrolled_fingers", "as")]),
        .init("DeleteEnrolledFingers2"),
        .init("DeleteEnrolledFinger", inputs: [.init("finger_name", "s")]),
        .init("Claim", inputs: [.init("username", "s")]),
        .init("Release"),
        .init("VerifyStart", inputs: [.init("finger_name", "s")]),
        .init("VerifyStop"),
        .init("EnrollStart", inputs: [.init("finger_name", "s")]),
        .init("EnrollStop"),
    ], signals: [
        .init("VerifyFingerSelected", [.init("finger_name", "s")]),
        .init("VerifyStatus", [.init("result", "s"), .init("done", "b")]),
        .init("EnrollStatus", [.init("result", "s"), .init("done", "b")]),
    ], properties: [
        .init("name", "s"),
        .init("num-enroll-stages", "i"),
        .init("scan-type", "s"),
        .init("finger-present", "b"),
        .init("finger-needed", "b"),
    ])
}

/// fprintd's polkit actions (its policy file, net.reactivated.fprint.device.policy).
enum FprintAction: String {
    case verify = "net.reactivated.fprint.device.verify"
    case enroll = "net.reactivated.fprint.device.enroll"
    case setUsername = "net.reactivated.fprint.device.setusername"
}
