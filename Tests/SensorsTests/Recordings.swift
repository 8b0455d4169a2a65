import Foundation
import TestSupport
import USB

/// The real recordings in ../shared/data/usb, read by the project's own parsers.
enum Recordings {
    static let aes2501Directory = "usb/aes2501"
    static let vfs5011Directory = "usb/vfs5011"

    /// The AES2501 conversation without the kernel's three GET_DESCRIPTOR requests.
    static func aes2501BulkTransfers() throws -> [RecordedTransfer] {
        try transfers("aes2501").filter { $0.type == .bulk }
    }

    static func vfs5011Tree() throws -> UMockdevIoctlTree {
        try tree("vfs5011")
    }

    /// The ioctl tree of `usb/<sensor>/capture.ioctl`.
    static func tree(_ sensor: String) throws -> UMockdevIoctlTree {
        let url = SharedData.url("usb/\(sensor)/capture.ioctl")
        return try UMockdevIoctlTree(text: try String(contentsOf: url, encoding: .utf8), source: url.path)
    }

    /// The completed transfers of the recorded device in `usb/<sensor>/capture.pcapng`, found by
    /// the bus and device numbers of its `device` description.
    static func transfers(_ sensor: String) throws -> [RecordedTransfer] {
        let url = SharedData.url("usb/\(sensor)/capture.pcapng")
        let capture = try USBMonCapture(bytes: [UInt8](try Data(contentsOf: url)), source: url.path)
        let device = try RecordedDevice(sensor)
        return capture.transfers(bus: UInt16(device.bus), device: UInt8(device.address))
    }
}

/// What a recording's `device` description says about the sensor: its sysfs path and node.
struct RecordedDevice {
    /// `/sys/devices/…` (the key of a pcap replay).
    let sysfsPath: String
    /// `/dev/bus/usb/BBB/DDD` (the key of an ioctl replay).
    let node: String
    let bus: Int
    let address: Int

    init(_ sensor: String) throws {
        let text = try String(contentsOf: SharedData.url("usb/\(sensor)/device"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        guard let path = lines.first(where: { $0.hasPrefix("P: ") }),
              let node = lines.first(where: { $0.hasPrefix("N: ") })?.dropFirst(3).split(separator: "=").first
        else { throw Malformed(sensor: sensor) }
        sysfsPath = "/sys" + path.dropFirst(3)
        self.node = "/dev/" + node
        let parts = node.split(separator: "/")
        guard parts.count == 4, let bus = Int(parts[2]), let address = Int(parts[3]) else { throw Malformed(sensor: sensor) }
        self.bus = bus
        self.address = address
    }

    struct Malformed: Error { let sensor: String }
}
