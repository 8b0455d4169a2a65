internal import CLibUSB

/// An open device: claimed interfaces and synchronous transfers.
///
/// Wraps a `libusb_device_handle`; `deinit` releases every interface it claimed and calls
/// `libusb_close`. Transfers run one at a time on the calling thread. When the device is
/// unplugged, every call throws ``USBError/noDevice``.
public final class USBDeviceHandle: USBTransport {
    let pointer: OpaquePointer
    /// The device this handle was opened from (which keeps the context alive).
    public let device: USBDevice
    private var claimed: Set<Int32> = []

    init(pointer: OpaquePointer, device: USBDevice) {
        self.pointer = pointer
        self.device = device
    }

    deinit {
        for interface in claimed {
            libusb_release_interface(pointer, interface)
        }
        libusb_close(pointer)
    }

    /// Claims `interface`, detaching a kernel driver that holds it first (and re-attaching it
    /// on release, where the platform supports that).
    ///
    /// Wraps `libusb_set_auto_detach_kernel_driver` and `libusb_claim_interface`. Throws
    /// ``USBError/busy`` when another program has claimed it.
    public func claim(interface: Int) throws {
        let number = Int32(interface)
        let detaches = libusb_set_auto_detach_kernel_driver(pointer, 1) == LIBUSB_SUCCESS.rawValue
        var rc = libusb_claim_interface(pointer, number)
        if rc == LIBUSB_ERROR_OTHER.rawValue && detaches {
            // Detaching uses usbfs DISCONNECT ioctls that some environments lack (umockdev answers
            // ENOTTY). With no kernel driver bound a plain claim works; with one it says busy.
            libusb_set_auto_detach_kernel_driver(pointer, 0)
            rc = libusb_claim_interface(pointer, number)
        }
        try check(rc, "libusb_claim_interface")
        claimed.insert(number)
    }

    /// Gives `interface` back; wraps `libusb_release_interface`.
    public func release(interface: Int) throws {
        guard claimed.remove(Int32(interface)) != nil else { return }
        try check(libusb_release_interface(pointer, Int32(interface)), "libusb_release_interface")
    }

    public func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        var buffer = data
        let sent = try transfer(endpoint: endpoint & 0x7f, buffer: &buffer, type: type, timeout: timeout)
        guard sent == data.count else { throw USBError.io.during(Self.operation(type) + " (short write)") }
    }

    public func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: length)
        let received = try transfer(endpoint: endpoint | 0x80, buffer: &buffer, type: type, timeout: timeout)
        return Array(buffer.prefix(received))
    }

    public func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        var buffer = setup.isInput ? [UInt8](repeating: 0, count: readLength) : data
        let count = UInt16(clamping: buffer.count)
        let rc = buffer.withUnsafeMutableBufferPointer { bytes in
            libusb_control_transfer(pointer, setup.requestType, setup.request, setup.value, setup.index,
                                    bytes.baseAddress, count, timeout.libusbMilliseconds)
        }
        let done = Int(try check(rc, "libusb_control_transfer"))
        return setup.isInput ? Array(buffer.prefix(done)) : []
    }

    /// One bulk or interrupt transfer; returns the number of bytes moved.
    private func transfer(endpoint: UInt8, buffer: inout [UInt8], type: USBTransferType,
                          timeout: Duration) throws -> Int {
        var moved: Int32 = 0
        let length = Int32(buffer.count)
        let milliseconds = timeout.libusbMilliseconds
        let rc = buffer.withUnsafeMutableBufferPointer { bytes -> Int32 in
            switch type {
            case .interrupt:
                libusb_interrupt_transfer(pointer, endpoint, bytes.baseAddress, length, &moved, milliseconds)
            default:
                libusb_bulk_transfer(pointer, endpoint, bytes.baseAddress, length, &moved, milliseconds)
            }
        }
        try check(rc, Self.operation(type))
        return Int(moved)
    }

    private static func operation(_ type: USBTransferType) -> String {
        type == .interrupt ? "libusb_interrupt_transfer" : "libusb_bulk_transfer"
    }
}
