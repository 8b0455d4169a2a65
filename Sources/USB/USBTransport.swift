/// The eight bytes that open a control transfer (USB 2.0 §9.3), minus wLength, which the
/// transfer's data or read length supplies.
public struct USBControlSetup: Sendable, Hashable {
    /// bmRequestType: direction (bit 7), type (bits 5–6), recipient (bits 0–4).
    public let requestType: UInt8
    /// bRequest.
    public let request: UInt8
    /// wValue.
    public let value: UInt16
    /// wIndex (often the interface or endpoint addressed).
    public let index: UInt16

    public init(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16) {
        self.requestType = requestType
        self.request = request
        self.value = value
        self.index = index
    }

    /// True when data flows from the device (bmRequestType bit 7).
    public var isInput: Bool { requestType & 0x80 != 0 }
}

/// What a driver needs from a USB device: one synchronous transfer at a time.
///
/// ``USBDeviceHandle`` is the real implementation; tests and benchmarks substitute a recorded
/// conversation (``USBRecordingPlayer``). A timeout of `.zero` waits without limit. Every
/// method throws ``USBError`` for libusb failures; a player may throw its own divergence error.
public protocol USBTransport: AnyObject {
    /// Sends all of `data` to an OUT endpoint (bulk or interrupt).
    func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws
    /// Reads up to `length` bytes from an IN endpoint; the reply may be shorter.
    func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8]
    /// Runs a control transfer; returns the bytes read for an IN request, `[]` for OUT.
    func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8]
    /// Submits every request at once, in order, and returns when all have completed: the reply
    /// of each read, nil for each write. Some sensors expect the next command while the reply
    /// to the last is still pending (Egis 0570), and a strict replay waits for exactly that.
    func overlapped(_ requests: [USBRequest], timeout: Duration) throws -> [[UInt8]?]
}

extension Duration {
    /// This duration in whole milliseconds for libusb, clamped to `UInt32`; `.zero` = no limit.
    var libusbMilliseconds: UInt32 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, self > .zero else { return 0 }
        let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return UInt32(clamping: max(1, millis))
    }
}
