/// A ``USBTransport`` that plays back a recorded conversation strictly in order.
///
/// It follows umockdev's pcapng replay rules: each transfer must
/// have the recorded type, endpoint and length, and an OUT must carry the recorded bytes. Unlike
/// umockdev it fails at once with a ``Divergence`` that says where and how, instead of blocking.
/// For offline tests and benchmarks; the real check is the replay under umockdev.
public final class USBRecordingPlayer: USBTransport {
    /// The conversation left the recording.
    public struct Divergence: Error, Sendable, CustomStringConvertible {
        /// Index of the recorded transfer that was expected next.
        public let index: Int
        /// The recorded transfer, nil past the end of the recording.
        public let expected: RecordedTransfer?
        /// What the driver submitted instead, described.
        public let submitted: String

        public var description: String {
            guard let expected else {
                return "the recording ended after \(index) transfers; the driver submitted \(submitted)"
            }
            return "transfer \(index) diverges: recorded \(expected), submitted \(submitted)"
        }
    }

    private let transfers: [RecordedTransfer]
    /// How many recorded transfers have been played.
    public private(set) var position = 0

    /// Plays `transfers` in order (filter out the kernel's enumeration requests first).
    public init(transfers: [RecordedTransfer]) {
        self.transfers = transfers
    }

    /// True once every recorded transfer has been played.
    public var isFinished: Bool { position == transfers.count }

    public func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        let submitted = RecordedTransfer(type: type, endpoint: endpoint & 0x7f, requestedLength: data.count, data: data)
        let next = try take(submitted)
        guard next.data == data else { throw Divergence(index: position - 1, expected: next, submitted: "\(submitted) with other bytes") }
    }

    public func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        let submitted = RecordedTransfer(type: type, endpoint: endpoint | 0x80, requestedLength: length, data: [])
        return try take(submitted).data
    }

    public func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        let bytes = [setup.requestType, setup.request, UInt8(setup.value & 0xff), UInt8(setup.value >> 8),
                     UInt8(setup.index & 0xff), UInt8(setup.index >> 8),
                     UInt8((setup.isInput ? readLength : data.count) & 0xff),
                     UInt8((setup.isInput ? readLength : data.count) >> 8)]
        let submitted = RecordedTransfer(type: .control, endpoint: setup.isInput ? 0x80 : 0, setup: bytes,
                                         requestedLength: setup.isInput ? readLength : data.count, data: data)
        let next = try take(submitted)
        guard next.setup == bytes, setup.isInput || next.data == data else {
            throw Divergence(index: position - 1, expected: next, submitted: "\(submitted) with other setup or data")
        }
        return setup.isInput ? next.data : []
    }

    private func take(_ submitted: RecordedTransfer) throws -> RecordedTransfer {
        guard position < transfers.count else {
            throw Divergence(index: position, expected: nil, submitted: submitted.description)
        }
        let next = transfers[position]
        guard next.type == submitted.type, next.endpoint == submitted.endpoint,
              next.isInput == submitted.isInput,
              !next.isInput || next.requestedLength == submitted.requestedLength
        else { throw Divergence(index: position, expected: next, submitted: submitted.description) }
        position += 1
        return next
    }
}
