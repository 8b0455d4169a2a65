/// Cuts vpcd's byte stream into payloads: each frame is a 2-byte big-endian length, then the payload.
///
/// Bytes arrive in any split (vpcd writes the length and the payload separately); `append` them
/// as they come and take complete payloads with `nextPayload()`.
public struct VPCDFrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0

    /// A decoder with nothing received yet.
    public init() {}

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete payload, or nil until more bytes arrive.
    public mutating func nextPayload() -> [UInt8]? {
        guard buffer.count - start >= 2 else { return nil }
        let length = Int(buffer[start]) << 8 | Int(buffer[start + 1])
        guard buffer.count - start - 2 >= length else { return nil }
        let payload = Array(buffer[(start + 2)..<(start + 2 + length)])
        start += 2 + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return payload
    }

    /// Whether part of a frame is waiting for the rest.
    public var hasPartialFrame: Bool { buffer.count > start }

    /// A payload with its length in front, ready to send.
    public static func frame(_ payload: [UInt8]) throws(VPCDFramingError) -> [UInt8] {
        guard payload.count <= 0xFFFF else { throw .payloadTooLong(payload.count) }
        return [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
    }
}
