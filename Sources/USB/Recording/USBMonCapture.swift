/// A usbmon capture in pcapng form (Wireshark, `tcpdump -i usbmonN`), read into transfers.
///
/// Reads the pcapng block structure (section header, interface description with link type 220
/// `LINKTYPE_USB_LINUX_MMAPPED` or 189 `LINKTYPE_USB_LINUX`, enhanced packets), decodes each
/// packet's usbmon header, and pairs every submit ('S') with the completion ('C' or 'E') of the
/// same URB id. The transfers come in completion order, which is the numbering umockdev and the
/// sensor fact sheets use.
public struct USBMonCapture: Sendable {
    /// One usbmon event.
    public struct Event: Sendable, Hashable {
        /// The URB's kernel address, which pairs a submit with its completion.
        public let urbID: UInt64
        /// `S` submit, `C` complete, `E` error.
        public let kind: UInt8
        /// Transfer type, endpoint (bit 7 = IN), device address and bus.
        public let type: USBTransferType
        public let endpoint: UInt8
        public let device: UInt8
        public let bus: UInt16
        /// -115 (-EINPROGRESS) on a submit; the completion status on a completion.
        public let status: Int32
        /// When the kernel logged the event (seconds since 1970, microsecond resolution).
        public let seconds: Double
        /// The URB's buffer length.
        public let requestedLength: Int
        /// The 8 setup bytes (meaningful when ``hasSetup``).
        public let setup: [UInt8]
        /// True when the setup bytes are valid (the header's setup flag is 0).
        public let hasSetup: Bool
        /// The captured data: OUT data on a submit, IN data on a completion.
        public let payload: [UInt8]
    }

    /// Every usbmon event in file order.
    public let events: [Event]

    /// Parses the bytes of a pcapng file; `source` names it in errors.
    public init(bytes: [UInt8], source: String) throws {
        var reader = PCAPNGReader(bytes: bytes, source: source)
        events = try reader.readEvents()
    }

    /// How long device `device` on `bus` was busy with transfers other than the kernel's standard
    /// requests (descriptor reads on enumeration): from the first such submit to the last
    /// completion. Nil when there are none.
    public func conversationSpan(bus: UInt16, device: UInt8) -> Duration? {
        var standard: Set<UInt64> = []
        var first: Double?, last: Double?
        for event in events where event.bus == bus && event.device == device {
            if event.kind == UInt8(ascii: "S"), event.type == .control, event.hasSetup, event.setup[0] & 0x60 == 0 {
                standard.insert(event.urbID)
            }
            if standard.contains(event.urbID) {
                if event.kind != UInt8(ascii: "S") { standard.remove(event.urbID) }
                continue
            }
            if first == nil, event.kind == UInt8(ascii: "S") { first = event.seconds }
            last = event.seconds
        }
        guard let first, let last else { return nil }
        return .microseconds(Int64(((last - first) * 1e6).rounded()))
    }

    /// The transfers of one device (all devices when `bus`/`device` are nil), in completion order.
    public func transfers(bus: UInt16? = nil, device: UInt8? = nil) -> [RecordedTransfer] {
        var submits: [UInt64: Event] = [:]
        var transfers: [RecordedTransfer] = []
        for event in events {
            if let bus, event.bus != bus { continue }
            if let device, event.device != device { continue }
            if event.kind == UInt8(ascii: "S") {
                submits[event.urbID] = event
                continue
            }
            guard let submit = submits.removeValue(forKey: event.urbID) else { continue }
            let input = submit.hasSetup && submit.type == .control
                ? submit.setup[0] & 0x80 != 0 : submit.endpoint & 0x80 != 0
            transfers.append(RecordedTransfer(
                type: submit.type, endpoint: submit.endpoint,
                setup: submit.hasSetup ? submit.setup : nil,
                requestedLength: submit.requestedLength,
                data: input ? event.payload : submit.payload,
                status: event.status))
        }
        return transfers
    }
}
