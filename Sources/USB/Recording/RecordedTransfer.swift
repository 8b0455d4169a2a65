/// One completed transfer from a USB recording: what was sent or received, on which endpoint.
public struct RecordedTransfer: Sendable, Hashable, CustomStringConvertible {
    /// Bulk, interrupt, control or isochronous.
    public let type: USBTransferType
    /// The endpoint address; bit 7 set for IN.
    public let endpoint: UInt8
    /// The 8 setup bytes of a control transfer, nil otherwise.
    public let setup: [UInt8]?
    /// The buffer length the host asked for (for OUT: the bytes sent).
    public let requestedLength: Int
    /// OUT: the bytes sent. IN: the bytes received.
    public let data: [UInt8]
    /// The completion status (0 = success, negative errno otherwise).
    public let status: Int32

    public init(type: USBTransferType, endpoint: UInt8, setup: [UInt8]? = nil,
                requestedLength: Int, data: [UInt8], status: Int32 = 0) {
        self.type = type
        self.endpoint = endpoint
        self.setup = setup
        self.requestedLength = requestedLength
        self.data = data
        self.status = status
    }

    /// True for a transfer from the device (IN endpoint, or an IN control request).
    public var isInput: Bool {
        if let setup, type == .control { return setup[0] & 0x80 != 0 }
        return endpoint & 0x80 != 0
    }

    public var description: String {
        let direction = isInput ? "IN" : "OUT"
        let hex = String(endpoint, radix: 16)
        return "\(direction) \(type) ep=0x\(hex.count < 2 ? "0" + hex : hex) len=\(isInput ? requestedLength : data.count)"
    }
}

/// A USB recording that could not be read: which file, where, and what was wrong.
public struct USBRecordingError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, independent of where.
    public enum Problem: Sendable, Equatable {
        case unreadable(String)
        case notPCAPNG
        case truncated
        case badBlockLength(UInt32)
        case unsupportedLinkType(UInt16)
        case noInterface
        case badLine(String)
        case indentationJump
    }

    /// The file name or another label the caller gave the input.
    public let source: String
    /// `byte N` or `line N`.
    public let location: String
    /// What was wrong.
    public let problem: Problem

    public init(source: String, location: String, problem: Problem) {
        self.source = source
        self.location = location
        self.problem = problem
    }

    public var description: String {
        let text: String
        switch problem {
        case .unreadable(let reason): text = "cannot be read: \(reason)"
        case .notPCAPNG: text = "is not a pcapng file (no section header block)"
        case .truncated: text = "is truncated"
        case .badBlockLength(let length): text = "has a block of impossible length \(length)"
        case .unsupportedLinkType(let type):
            text = "has link type \(type); only usbmon captures (220, or 189) are supported"
        case .noInterface: text = "has a packet before any interface description block"
        case .badLine(let reason): text = "has a malformed line: \(reason)"
        case .indentationJump: text = "indents a line more than one level deeper than the one before"
        }
        return "\(source) \(text) (at \(location))"
    }
}
