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

/// A recording's directory, its `device` description (sysfs path, node, bus and address) read.
typealias RecordedDevice = USBRecordingDirectory

extension USBRecordingDirectory {
    /// `usb/<sensor>/` of ../shared/data.
    init(_ sensor: String) throws {
        try self.init(SharedData.url("usb/\(sensor)"))
    }
}
