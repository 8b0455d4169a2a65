import ArgumentParser
import Foundation
import Sensors
import USB

/// `pbtool sensor list`: the supported sensors attached, and whether this user may open them.
struct SensorListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the supported fingerprint sensors found on USB, or every model pbtool drives.",
        discussion: """
            Each sensor is opened briefly (no USB transfer) to check access; when the user may \
            not open it, the reason says which udev rule is missing, and when another pbtool is \
            using it, which process. Finding no sensor is not an error: the list is empty. \
            --supported lists every model pbtool drives instead, with its USB IDs, whether the \
            finger is placed or swiped, and its image.

            Examples:
              pbtool sensor list
              pbtool sensor list --json
              pbtool sensor list --supported
            """
    )

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(help: "List every sensor model pbtool drives, attached or not.")
    var supported = false

    func run() throws {
        if supported {
            let models = SensorProfile.usbSensors.map(SupportedSensor.init)
            if json {
                try JSONOutput.print(["supported": models])
            } else {
                models.forEach { print($0.line) }
            }
            return
        }
        let context = try USBContext()
        let sensors = try SensorDiscovery.scan(context)
        let entries = sensors.map(SensorListEntry.init)
        if json {
            try JSONOutput.print(["sensors": entries])
            return
        }
        guard !entries.isEmpty else {
            print("No supported fingerprint sensor found on USB. Without hardware: pbtool sensor capture --sensor sim --out finger.png")
            return
        }
        for entry in entries {
            print("\(entry.name)  \(entry.usbID)  bus \(entry.bus) device \(entry.address) port \(entry.port)  \(entry.node)")
            print("  --sensor \(entry.id)   access: \(entry.access)" + (entry.problem.map { " — \($0)" } ?? ""))
        }
    }
}

/// One line of `sensor list`, also its JSON shape.
struct SensorListEntry: Encodable {
    let id: String
    let name: String
    let usbID: String
    let bus: Int
    let address: Int
    let port: String
    let node: String
    /// `ok`, `denied`, `busy` or `unknown`.
    let access: String
    let problem: String?

    init(_ sensor: DetectedSensor) {
        id = sensor.profile.id
        name = sensor.profile.name
        usbID = sensor.device.id.description
        bus = Int(sensor.device.bus)
        address = Int(sensor.device.address)
        port = sensor.device.portName
        node = sensor.device.nodePath
        switch sensor.access {
        case .granted: (access, problem) = ("ok", nil)
        case .denied(let hint): (access, problem) = ("denied", hint)
        case .busy(let holder): (access, problem) = ("busy", holder)
        case .unknown(let reason): (access, problem) = ("unknown", reason)
        }
    }
}
