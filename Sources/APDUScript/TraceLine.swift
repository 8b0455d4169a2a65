import APDU

/// One line of a test's trace: an APDU on the wire (hidden GET RESPONSEs and re-sends
/// included), a reset, an ATR, a pause or a note.
public struct TraceLine: Sendable, Encodable, Equatable, CustomStringConvertible {
    /// What the line records.
    public enum Kind: String, Sendable, Encodable {
        /// Host to card.
        case command
        /// Card to host.
        case response
        /// A cold or warm reset.
        case reset
        /// The ATR after a reset or at connection.
        case atr
        /// A `sleep`.
        case sleep
        /// Anything else worth knowing (an ignored `reader`, a re-encoded command).
        case note
    }

    /// What the line records.
    public let kind: Kind
    /// For APDUs the transport sent on its own: `getResponse`, `exactLengthResend`, `chainBlock`.
    public let purpose: String?
    /// For responses: the round trip in milliseconds.
    public let milliseconds: Double?
    /// The bytes (kept as bytes: most traces are never printed, so hex is made on demand) or a note.
    private let content: Content

    private enum Content: Sendable, Equatable {
        case bytes(TracedBytes)
        case note(String)
    }

    /// A line from its parts.
    public init(kind: Kind, text: String, purpose: String? = nil, milliseconds: Double? = nil) {
        self.kind = kind
        self.content = .note(text)
        self.purpose = purpose
        self.milliseconds = milliseconds
    }

    /// A line for an APDU the transport traced.
    public init(_ entry: APDUTraceEntry) {
        kind = entry.direction == .command ? .command : .response
        content = .bytes(entry.bytes)
        purpose = entry.purpose == .command ? nil : entry.purpose.rawValue
        milliseconds = entry.roundTrip.map { $0 / .milliseconds(1) }
    }

    /// The bytes as hex (redacted where needed) or the note.
    public var text: String {
        switch content {
        case .bytes(let bytes): bytes.description
        case .note(let note): note
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, text, purpose, milliseconds }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(purpose, forKey: .purpose)
        try container.encodeIfPresent(milliseconds, forKey: .milliseconds)
    }

    /// `> 00 A4 …`, `< 90 00  [0.120 ms]`, `* reset (cold)`.
    public var description: String {
        let marker: String
        switch kind {
        case .command: marker = ">"
        case .response: marker = "<"
        case .reset, .atr, .sleep, .note: marker = "*"
        }
        var line = "\(marker) \(text)"
        if let purpose { line += "  (\(purpose))" }
        if let milliseconds { line += "  [\(formatMilliseconds(milliseconds)) ms]" }
        return line
    }
}


/// Three decimals: `0.132`.
func formatMilliseconds(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
