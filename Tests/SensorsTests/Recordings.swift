import Foundation
import TestSupport
import USB

/// The two real recordings in ../shared/data/usb, read by the project's own parsers.
enum Recordings {
    static let aes2501Directory = "usb/aes2501"
    static let vfs5011Directory = "usb/vfs5011"

    /// The AES2501 conversation without the kernel's three GET_DESCRIPTOR requests.
    static func aes2501BulkTransfers() throws -> [RecordedTransfer] {
        let url = SharedData.url("\(aes2501Directory)/capture.pcapng")
        let bytes = [UInt8](try Data(contentsOf: url))
        let capture = try USBMonCapture(bytes: bytes, source: url.path)
        return capture.transfers(bus: 1, device: 44).filter { $0.type == .bulk }
    }

    static func vfs5011Tree() throws -> UMockdevIoctlTree {
        let url = SharedData.url("\(vfs5011Directory)/capture.ioctl")
        return try UMockdevIoctlTree(text: try String(contentsOf: url, encoding: .utf8), source: url.path)
    }
}
