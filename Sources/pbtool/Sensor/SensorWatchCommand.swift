import ArgumentParser
import Foundation
import Sensors
import USB

/// `pbtool sensor watch`: supported sensors being plugged in and out.
struct SensorWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print sensor plug and unplug events until Ctrl-C; optionally run a command per event.",
        discussion: """
            Events: PB_SENSOR_ADDED, PB_SENSOR_REMOVED, for the sensors pbtool drives (other USB \
            devices are ignored). libusb's hotplug support wakes pbtool (no polling). With --exec, \
            each event runs the command through /bin/sh, one at a time, with PBTOOL_EVENT, \
            PBTOOL_SENSOR (the --sensor name), PBTOOL_USB_ID and PBTOOL_NODE in its environment.

            Exit codes: 0 on Ctrl-C, or after --count events; 7 when --timeout passes without an \
            event; 8 when libusb cannot report hotplug events here.

            Examples:
              pbtool sensor watch
              pbtool sensor watch --json --initial-state
              pbtool sensor watch --count 1 --timeout 30s     # wait for the next plug or unplug
            """
    )

    @Flag(help: "Print one JSON object per event (JSON lines).")
    var json = false

    @Flag(help: "First report the sensors attached now.")
    var initialState = false

    @Option(help: "Stop after this long (30s, 500ms, 1m, or plain seconds).")
    var timeout: DurationArgument?

    @Option(help: "Stop after this many events.")
    var count: Int?

    @Option(help: "Run this shell command for each event.")
    var exec: String?

    func validate() throws {
        if let timeout, timeout.duration <= .zero { throw ValidationError("--timeout must be above 0 seconds") }
        if let count, count <= 0 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        let stop = AsyncStopSignal()
        let signals = InterruptSignals { _ in stop.fire() }
        defer { withExtendedLifetime(signals) {} }
        let hotplug: SensorHotplug
        do {
            hotplug = try SensorHotplug(context: try USBContext(), includingPresent: initialState)
        } catch USBError.notSupported {
            throw CommandFailure(.sensor, "libusb cannot report plug events on this system (no hotplug support)")
        }
        printError("Watching for fingerprint sensors (Ctrl-C to stop)…")
        let end = timeout.map { ContinuousClock.now + $0.duration }
        var seen = 0
        while !stop.hasFired, count.map({ seen < $0 }) ?? true {
            let slice = ContinuousClock.now + .milliseconds(200)
            if let end, ContinuousClock.now >= end { break }
            guard let event = try hotplug.next(until: end.map { min($0, slice) } ?? slice) else { continue }
            let record = SensorWatchRecord(event)
            if json { try JSONOutput.printLine(record) } else { print(record.line) }
            FileHandle.standardOutput.synchronizeFile()
            if let exec { try EventCommand(exec).run(environment: record.environment, event: record.event) }
            seen += 1
        }
        if let timeout, seen == 0, !stop.hasFired {
            throw CommandFailure(.timeout, "no sensor plugged in or out within \(timeout.duration.formattedSeconds)")
        }
    }
}

/// One sensor event as printed and as passed to `--exec`.
struct SensorWatchRecord: Encodable {
    let time: String
    let event: String
    let sensor: String
    let name: String
    let usbID: String
    let node: String
    let port: String

    init(_ event: SensorHotplug.Event) {
        time = ISO8601DateFormatter().string(from: Date())
        switch event {
        case .attached: self.event = "PB_SENSOR_ADDED"
        case .detached: self.event = "PB_SENSOR_REMOVED"
        }
        let detected = event.sensor
        (sensor, name) = (detected.profile.id, detected.profile.name)
        (usbID, node, port) = (detected.device.id.description, detected.device.nodePath, detected.device.portName)
    }

    var line: String {
        "\(time) \(event) \(sensor) \"\(name)\" \(usbID) \(node) port \(port)"
    }

    var environment: [String: String] {
        ["PBTOOL_EVENT": event, "PBTOOL_SENSOR": sensor, "PBTOOL_USB_ID": usbID, "PBTOOL_NODE": node]
    }
}
