/// One APDU that crossed a `CardTransport`, including the hidden GET RESPONSEs, `6CXX` re-sends
/// and chain blocks the caller never built.
public struct APDUTraceEntry: Sendable, Encodable, CustomStringConvertible {
    /// Which way the bytes went.
    public enum Direction: String, Sendable, Encodable {
        /// Host to card.
        case command
        /// Card to host.
        case response
    }

    /// Why the transport sent the command this entry belongs to.
    public enum Purpose: String, Sendable, Encodable {
        /// The caller's command (or its last chain block).
        case command
        /// A GET RESPONSE after `61XX`.
        case getResponse
        /// The same command re-sent with Le from `6CXX`.
        case exactLengthResend
        /// A non-final block of a command chain.
        case chainBlock
        /// Bytes sent unparsed through `transmitRaw`.
        case raw
    }

    /// Host to card or card to host.
    public let direction: Direction
    /// Why the transport sent it (the caller's command or a hidden exchange).
    public let purpose: Purpose
    /// What was sent or received, with sensitive data hidden (see `APDURedaction`).
    public let bytes: TracedBytes
    /// Time since the transport was created.
    public let elapsed: Duration
    /// For responses: time from handing the command to the channel to its answer.
    public let roundTrip: Duration?

    /// An entry as `CardTransport` records it.
    public init(direction: Direction, purpose: Purpose, bytes: TracedBytes,
                elapsed: Duration, roundTrip: Duration? = nil) {
        self.direction = direction
        self.purpose = purpose
        self.bytes = bytes
        self.elapsed = elapsed
        self.roundTrip = roundTrip
    }

    /// `"> 00 C0 00 00 10  (getResponse)"` / `"< … 90 00  [0.132 ms]"`.
    public var description: String {
        let arrow = direction == .command ? ">" : "<"
        var line = "\(arrow) \(bytes)"
        if purpose != .command { line += "  (\(purpose.rawValue))" }
        if let roundTrip {
            line += "  [\((roundTrip / .milliseconds(1)).formatted3) ms]"
        }
        return line
    }
}

/// Traced bytes, either all shown or with a sensitive middle part replaced by its length.
public enum TracedBytes: Sendable, Hashable, Encodable, CustomStringConvertible {
    case plain([UInt8])
    /// `before` and `after` are shown (header, Lc, Le, status word); `hiddenCount` bytes are not kept.
    case redacted(before: [UInt8], hiddenCount: Int, after: [UInt8])

    /// The total length on the wire.
    public var count: Int {
        switch self {
        case .plain(let bytes): return bytes.count
        case .redacted(let before, let hidden, let after): return before.count + hidden + after.count
        }
    }

    public var description: String {
        switch self {
        case .plain(let bytes):
            return bytes.hexString()
        case .redacted(let before, let hidden, let after):
            let parts = [before.hexString(), "<redacted \(hidden) bytes>", after.hexString()]
            return parts.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// Encodes as the printed form, so JSON traces never carry redacted bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Double {
    /// Three decimals without Foundation (`0.132`).
    fileprivate var formatted3: String {
        let thousandths = Int((self * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
