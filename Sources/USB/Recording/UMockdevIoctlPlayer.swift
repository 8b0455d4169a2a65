/// A ``USBTransport`` that answers from a umockdev ioctl tree the way umockdev's ioctl replay
/// does (umockdev's replay rules).
///
/// Every transfer searches the nodes in file order from the one after the last match, wrapping
/// around once: an OUT needs a node with its type, endpoint and bytes, an IN one with its type,
/// endpoint and buffer length. The match becomes the position. An IN node's status is the
/// transfer's: 0 and the cancellation codes give its data, ENODEV is an unplug. For offline
/// tests and benchmarks; the real check is the replay under umockdev.
public final class UMockdevIoctlPlayer: USBTransport {
    private let nodes: [UMockdevIoctlTree.Node]
    private var position = -1
    /// Transfers answered so far.
    public private(set) var transferCount = 0

    public init(tree: UMockdevIoctlTree) {
        nodes = tree.nodes
    }

    public func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        let address = endpoint & 0x7f
        guard let index = search({ !$0.isInput && $0.type == type && $0.endpoint == address && $0.data == data }) else {
            throw USBRecordingPlayer.Divergence(
                index: transferCount, expected: nil,
                submitted: "an OUT of \(data.count) bytes on ep 0x\(String(address, radix: 16)) that the tree does not hold")
        }
        position = index
        transferCount += 1
    }

    public func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        let address = endpoint | 0x80
        let matches: (UMockdevIoctlTree.Node) -> Bool = {
            $0.isInput && $0.type == type && $0.endpoint == address && $0.bufferLength == length
        }
        guard let index = search(matches) else {
            throw USBRecordingPlayer.Divergence(
                index: transferCount, expected: nil,
                submitted: "a read of \(length) bytes on ep 0x\(String(address, radix: 16)) that the tree has no reply for")
        }
        position = index
        transferCount += 1
        return try Self.completion(of: nodes[index])
    }

    /// The first node after the position (wrapping around, the position itself last) that matches.
    private func search(_ matches: (UMockdevIoctlTree.Node) -> Bool) -> Int? {
        guard !nodes.isEmpty else { return nil }
        for step in 1...nodes.count {
            let index = (position + step) % nodes.count
            if matches(nodes[index]) { return index }
        }
        return nil
    }

    /// What libusb makes of a reaped URB's status (linux_usbfs: cancellation and short-packet
    /// codes complete normally, ENODEV/ESHUTDOWN mean the device is gone, EPIPE a stall).
    private static func completion(of node: UMockdevIoctlTree.Node) throws -> [UInt8] {
        switch node.status {
        case 0, -2, -104, -121: return node.data
        case -19, -108: throw USBError.noDevice.during("libusb_bulk_transfer")
        case -32: throw USBError.pipe.during("libusb_bulk_transfer")
        default: throw USBError.io.during("libusb_bulk_transfer")
        }
    }

    public func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        // umockdev's ioctl format does not replay control transfers.
        throw USBError.io.during("libusb_control_transfer")
    }
}
