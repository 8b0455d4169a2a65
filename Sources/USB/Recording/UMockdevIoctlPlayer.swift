/// A ``USBTransport`` that answers from a umockdev ioctl tree the way umockdev's ioctl replay
/// does (umockdev's replay rules).
///
/// An OUT must equal a stored OUT node (type, endpoint, bytes) anywhere in the tree, and the
/// position moves there. An IN gets the next stored node after the position with the same type,
/// endpoint and buffer length, wrapping around at the end. For offline tests and benchmarks;
/// the real check is the replay under umockdev.
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
        guard let index = nodes.firstIndex(where: { !$0.isInput && $0.type == type && $0.endpoint == address && $0.data == data })
        else {
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
        let after = nodes.indices.dropFirst(position + 1).first { matches(nodes[$0]) }
        guard let index = after ?? nodes.indices.first(where: { matches(nodes[$0]) }) else {
            throw USBRecordingPlayer.Divergence(
                index: transferCount, expected: nil,
                submitted: "a read of \(length) bytes on ep 0x\(String(address, radix: 16)) that the tree has no reply for")
        }
        position = index
        transferCount += 1
        return nodes[index].data
    }

    public func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        // umockdev's ioctl format does not replay control transfers.
        throw USBError.io.during("libusb_control_transfer")
    }
}
