import Foundation

/// A recorded USB conversation kept as umockdev and libfprint's tests keep it: a directory with
/// `device` (umockdev-record's description of the device) and either `capture.ioctl` (an ioctl
/// tree) or `capture.pcapng` (a usbmon capture).
public struct USBRecordingDirectory: Sendable {
    /// The conversation, as recorded.
    public enum Conversation: Sendable {
        case ioctl(UMockdevIoctlTree)
        /// The recorded device's transfers in completion order, without the kernel's standard
        /// control requests (descriptor reads on enumeration), which libusb answers from sysfs.
        case pcapng([RecordedTransfer], span: Duration?)
    }

    public let url: URL
    /// `/sys/devices/…`: the device's sysfs path (what a pcapng replay names).
    public let sysfsPath: String
    /// `/dev/bus/usb/BBB/DDD` (what an ioctl replay names).
    public let node: String
    public let bus: Int
    public let address: Int
    public let conversation: Conversation

    /// Reads the directory at `url`.
    public init(_ url: URL) throws {
        self.url = url
        let description = url.appendingPathComponent("device")
        let lines = try Self.text(description).split(separator: "\n")
        guard let path = lines.first(where: { $0.hasPrefix("P: ") }),
              let node = lines.first(where: { $0.hasPrefix("N: ") })?.dropFirst(3).split(separator: "=").first,
              case let parts = node.split(separator: "/"), parts.count == 4,
              let bus = Int(parts[2]), let address = Int(parts[3])
        else {
            throw USBRecordingError(source: description.path, location: "line 1",
                                    problem: .badLine("no P: sysfs path or N: bus/usb/BBB/DDD node"))
        }
        (sysfsPath, self.node, self.bus, self.address) = ("/sys" + path.dropFirst(3), "/dev/" + node, bus, address)
        conversation = try Self.conversation(in: url, bus: bus, address: address)
    }

    /// A fresh player of the conversation: umockdev's ioctl lookup, or the pcapng transfers in
    /// their recorded order.
    public func player() -> any USBTransport {
        switch conversation {
        case .ioctl(let tree): UMockdevIoctlPlayer(tree: tree)
        case .pcapng(let transfers, _): USBRecordingPlayer(transfers: transfers)
        }
    }

    /// How long the recorded device took over its conversation, first transfer to last; nil
    /// for an ioctl tree, which keeps no times.
    public var recordedSpan: Duration? {
        if case .pcapng(_, let span) = conversation { return span }
        return nil
    }

    private static func conversation(in url: URL, bus: Int, address: Int) throws -> Conversation {
        let ioctl = url.appendingPathComponent("capture.ioctl")
        if FileManager.default.fileExists(atPath: ioctl.path) {
            return .ioctl(try UMockdevIoctlTree(text: try text(ioctl), source: ioctl.path))
        }
        let pcapng = url.appendingPathComponent("capture.pcapng")
        let bytes: Data
        do {
            bytes = try Data(contentsOf: pcapng)
        } catch {
            throw USBRecordingError(source: pcapng.path, location: "byte 0", problem: .unreadable(error.localizedDescription))
        }
        let capture = try USBMonCapture(bytes: [UInt8](bytes), source: pcapng.path)
        let transfers = capture.transfers(bus: UInt16(bus), device: UInt8(address)).filter { transfer in
            guard transfer.type == .control, let setup = transfer.setup else { return true }
            return setup[0] & 0x60 != 0
        }
        return .pcapng(transfers, span: capture.conversationSpan(bus: UInt16(bus), device: UInt8(address)))
    }

    private static func text(_ url: URL) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw USBRecordingError(source: url.path, location: "byte 0", problem: .unreadable(error.localizedDescription))
        }
    }
}
