/// A umockdev ioctl recording (`umockdev-record --ioctl`): usbdevfs URBs as an indented tree.
///
/// Each `USBDEVFS_REAPURBNDELAY` line is one completed URB; leading spaces give its depth. A
/// recorder stores each distinct OUT command once at depth 0 and hangs the replies of all its
/// uses below it, so the tree is a lookup structure, not a tape (umockdev's replay rules).
public struct UMockdevIoctlTree: Sendable {
    /// One stored URB.
    public struct Node: Sendable, Hashable {
        /// Leading spaces: 0 for a stored command, one more per reply in its chain.
        public let depth: Int
        /// From the usbdevfs URB type field.
        public let type: USBTransferType
        /// Endpoint address (the file writes it in decimal: 129 = 0x81).
        public let endpoint: UInt8
        /// URB status (0 = success).
        public let status: Int32
        /// The buffer the client submitted; replay answers only a read of this size.
        public let bufferLength: Int
        /// The bytes that were transferred.
        public let actualLength: Int
        /// OUT: the bytes sent. IN: the `actualLength` bytes received.
        public let data: [UInt8]
        /// 1-based line number in the file.
        public let line: Int

        /// True for a reply (IN endpoint).
        public var isInput: Bool { endpoint & 0x80 != 0 }
    }

    /// The `@DEV` line's device node, e.g. `/dev/bus/usb/002/017`.
    public let devicePath: String?
    /// Every URB line in file order.
    public let nodes: [Node]

    /// Parses the text of an ioctl file; `source` names it in errors.
    public init(text: String, source: String) throws {
        var devicePath: String?
        var nodes: [Node] = []
        var previousDepth = -1
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let depth = rawLine.prefix { $0 == " " }.count
            let fields = rawLine.split(separator: " ")
            guard let keyword = fields.first, !keyword.hasPrefix("#") else { continue }
            let location = "line \(lineNumber)"
            switch keyword {
            case "@DEV":
                devicePath = fields.count > 1 ? String(fields[1]) : nil
            case "USBDEVFS_GET_CAPABILITIES":
                continue
            case "USBDEVFS_REAPURBNDELAY":
                guard depth <= previousDepth + 1 else {
                    throw USBRecordingError(source: source, location: location, problem: .indentationJump)
                }
                let node = try Self.node(fields, depth: depth, line: lineNumber, source: source)
                nodes.append(node)
                previousDepth = depth
            default:
                throw USBRecordingError(source: source, location: location,
                                        problem: .badLine("unknown ioctl \(keyword)"))
            }
        }
        self.devicePath = devicePath
        self.nodes = nodes
    }

    /// The depth-0 OUT commands on `endpoint`, in file order.
    public func commands(endpoint: UInt8) -> [[UInt8]] {
        nodes.filter { $0.depth == 0 && !$0.isInput && $0.endpoint == endpoint }.map(\.data)
    }

    /// Every IN reply on `endpoint` with the given buffer length, in file order.
    public func replies(endpoint: UInt8, bufferLength: Int) -> [[UInt8]] {
        nodes.filter { $0.isInput && $0.endpoint == endpoint && $0.bufferLength == bufferLength }.map(\.data)
    }

    /// `USBDEVFS_REAPURBNDELAY ret type endpoint status flags buffer_length actual_length errors [hex]`.
    private static func node(_ fields: [Substring], depth: Int, line: Int, source: String) throws -> Node {
        func bad(_ reason: String) -> USBRecordingError {
            USBRecordingError(source: source, location: "line \(line)", problem: .badLine(reason))
        }
        guard fields.count == 9 || fields.count == 10 else { throw bad("expected 9 or 10 fields, found \(fields.count)") }
        guard let urbType = UInt8(fields[2]), let endpoint = UInt8(fields[3]), let status = Int32(fields[4]),
              let bufferLength = Int(fields[6]), let actualLength = Int(fields[7]), bufferLength >= 0
        else { throw bad("a numeric field is not a number") }
        // usbdevfs numbers URB types 0 iso, 1 interrupt, 2 control, 3 bulk (linux/usbdevice_fs.h).
        let type: USBTransferType
        switch urbType {
        case 0: type = .isochronous
        case 1: type = .interrupt
        case 2: type = .control
        case 3: type = .bulk
        default: throw bad("unknown URB type \(urbType)")
        }
        let hex = fields.count == 10 ? fields[9] : ""
        guard let data = decodeHex(hex) else { throw bad("the data is not hex") }
        let isInput = endpoint & 0x80 != 0
        guard data.count == (isInput ? actualLength : bufferLength) || (!isInput && data.count == actualLength) else {
            throw bad("\(data.count) data bytes where the lengths say \(isInput ? actualLength : bufferLength)")
        }
        return Node(depth: depth, type: type, endpoint: endpoint, status: status,
                    bufferLength: bufferLength, actualLength: actualLength, data: data, line: line)
    }
}

/// Hex text (either case, even length) to bytes; nil when it is not hex.
func decodeHex(_ text: Substring) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes = [UInt8]()
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
        guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
        index += 2
    }
    return bytes
}

private func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
}
