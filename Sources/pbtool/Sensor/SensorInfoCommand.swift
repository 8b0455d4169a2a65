import ArgumentParser
import Sensors
import SimulatedSensors
import USB

/// `pbtool sensor info`: what pbtool knows about a sensor model, and the attached device.
struct SensorInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a sensor model and, when attached, its USB device.",
        discussion: """
            With --sensor auto (the default) the first attached sensor is described; naming a \
            model describes it even when none is attached.

            Examples:
              pbtool sensor info
              pbtool sensor info --sensor vfs5011 --json
              pbtool sensor info --sensor sim:finger.png
            """
    )

    @Option(help: "auto, a model (pbtool sensor list --supported names them) or sim[:SOURCE].")
    var sensor = "auto"

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let selection = try SensorSelection(sensor)
        let report: SensorInfoReport
        switch selection {
        case .simulated(let source):
            let simulated = try SimulatedSensor(source: source)
            report = SensorInfoReport(profile: .init(simulated.profile), device: nil, source: source.description)
        case .usb(let profile):
            let context = try USBContext()
            let detected = try? selection.detect(in: context)
            report = SensorInfoReport(profile: .init(profile), device: try detected.map(SensorDeviceDescription.init), source: nil)
        case .auto:
            let detected = try selection.detect(in: try USBContext())
            report = SensorInfoReport(profile: .init(detected.profile), device: try SensorDeviceDescription(detected), source: nil)
        }
        if json {
            try JSONOutput.print(report)
        } else {
            report.lines.forEach { print($0) }
        }
    }
}

/// `sensor info`'s result, also its JSON shape.
struct SensorInfoReport: Encodable {
    let profile: SensorProfileDescription
    /// Nil when no such sensor is attached (or it is simulated).
    let device: SensorDeviceDescription?
    /// The simulated sensor's source.
    let source: String?

    var lines: [String] {
        var text = profile.lines
        if let source { text.append("  source:      \(source)") }
        if let device {
            text += device.lines
        } else if source == nil {
            text.append("  attached:    no")
        }
        return text
    }
}

/// The attached USB device of a sensor, as `sensor info` shows it.
struct SensorDeviceDescription: Encodable {
    let usbID: String
    let bus: Int
    let address: Int
    let port: String
    let node: String
    let usbVersion: String
    let deviceVersion: String
    let endpoints: [String]
    let access: String

    init(_ sensor: DetectedSensor) throws {
        let device = sensor.device
        usbID = device.id.description
        bus = Int(device.bus)
        address = Int(device.address)
        port = device.portName
        node = device.nodePath
        usbVersion = USBDeviceDescriptor.versionText(device.descriptor.usbVersion)
        deviceVersion = USBDeviceDescriptor.versionText(device.descriptor.deviceVersion)
        let configuration = try device.configuration()
        endpoints = configuration.interfaces.flatMap(\.endpoints).map(\.description)
        let checked = try SensorDiscovery.scan(device.context).first { $0.device.nodePath == device.nodePath }
        access = SensorListEntry(checked ?? sensor).access
    }

    var lines: [String] {
        ["  attached:    \(usbID) at bus \(bus) device \(address), port \(port), \(node)",
         "  USB:         \(usbVersion), device release \(deviceVersion), \(endpoints.joined(separator: " "))",
         "  access:      \(access)"]
    }
}
