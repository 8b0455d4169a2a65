import USB

/// One USB transfer of a sensor's conversation, as data.
///
/// A driver's phases are tables of these, run by ``USBStepInterpreter``; the replay tests check
/// the same tables against the recordings. Endpoint addresses carry the direction bit.
public indirect enum USBStep: Sendable, Hashable {
    /// Sends `bytes` to a bulk OUT endpoint in one transfer (one URB as recorded).
    case bulkOut(endpoint: UInt8, bytes: [UInt8])
    /// Reads a bulk IN endpoint with a buffer of `length` bytes.
    case bulkIn(endpoint: UInt8, length: Int, expect: ReplyCheck)
    /// Reads an interrupt IN endpoint with a buffer of `length` bytes.
    case interruptIn(endpoint: UInt8, length: Int, expect: ReplyCheck)
    /// A control transfer from host to device.
    case controlOut(USBControlSetup, bytes: [UInt8])
    /// A control transfer from device to host.
    case controlIn(USBControlSetup, length: Int, expect: ReplyCheck)
    /// Bulk and interrupt steps submitted at once, in order; done when all have completed
    /// (Egis 0570: the next command goes out while the last reply is pending).
    case together([USBStep])

    /// Whether the step reads (and so produces a reply).
    public var isInput: Bool {
        switch self {
        case .bulkOut, .controlOut: false
        case .bulkIn, .interruptIn, .controlIn: true
        case .together(let steps): steps.contains(where: \.isInput)
        }
    }
}

/// What a reply must look like for the conversation to go on.
public enum ReplyCheck: Sendable, Hashable {
    /// Any reply, short ones included; the content is ignored.
    case anything
    /// Exactly the requested length; a short reply is an error.
    case fullLength
    /// Exactly these bytes (VFS5011's `00 00` acknowledgement).
    case exactly([UInt8])
    /// Exactly this many bytes, whatever they are (VFS7552's identification replies).
    case length(Int)

    /// Nil when `reply` passes, otherwise what is wrong with it.
    func problem(with reply: [UInt8], requested: Int) -> String? {
        switch self {
        case .anything:
            return nil
        case .fullLength:
            return reply.count == requested ? nil : "a short reply: \(reply.count) of \(requested) bytes"
        case .exactly(let expected):
            return reply == expected ? nil
                : "the reply \(hexPreview(reply)) where \(hexPreview(expected)) was expected"
        case .length(let expected):
            return reply.count == expected ? nil : "a reply of \(reply.count) bytes where \(expected) were expected"
        }
    }
}

/// Up to 16 bytes as hex, with the total length when cut.
func hexPreview(_ bytes: [UInt8]) -> String {
    let shown = bytes.prefix(16).map { byte in
        let digits = String(byte, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }.joined(separator: " ")
    if bytes.isEmpty { return "(empty)" }
    return bytes.count > 16 ? "\(shown) … (\(bytes.count) bytes)" : shown
}
