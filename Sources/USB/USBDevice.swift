internal import CLibUSB

/// One device on the bus, as enumerated: its address, port path and descriptors.
///
/// Holds a libusb reference (`libusb_ref_device` / `libusb_unref_device`) and its context.
/// Nothing here touches the device itself; ``open()`` does.
public final class USBDevice {
    let pointer: OpaquePointer
    /// The session this device was listed in; kept alive as long as the device is.
    public let context: USBContext
    /// The standard device descriptor, read from the kernel's cache (no transfer).
    public let descriptor: USBDeviceDescriptor
    /// Bus number, as in `/dev/bus/usb/BBB/…`.
    public let bus: UInt8
    /// Device address on its bus, as in `/dev/bus/usb/…/DDD`.
    public let address: UInt8
    /// The hub ports from the root hub down to the device (empty for a root hub).
    public let portPath: [UInt8]

    init(retaining pointer: OpaquePointer, context: USBContext) throws {
        var raw = libusb_device_descriptor()
        try check(libusb_get_device_descriptor(pointer, &raw), "libusb_get_device_descriptor")
        libusb_ref_device(pointer)
        self.pointer = pointer
        self.context = context
        descriptor = USBDeviceDescriptor(raw)
        bus = libusb_get_bus_number(pointer)
        address = libusb_get_device_address(pointer)
        var ports = [UInt8](repeating: 0, count: 8)
        let depth = libusb_get_port_numbers(pointer, &ports, Int32(ports.count))
        portPath = depth > 0 ? Array(ports.prefix(Int(depth))) : []
    }

    deinit {
        libusb_unref_device(pointer)
    }

    /// Vendor and product ID from the device descriptor.
    public var id: USBDeviceID { descriptor.id }

    /// The usbfs node, `/dev/bus/usb/BBB/DDD`: the file a udev rule grants access to.
    public var nodePath: String {
        "/dev/bus/usb/" + pad3(bus) + "/" + pad3(address)
    }

    /// The port path as the kernel writes it in sysfs names (`1-10`, `2-1.4`).
    public var portName: String {
        guard !portPath.isEmpty else { return "usb\(bus)" }
        return "\(bus)-" + portPath.map(String.init).joined(separator: ".")
    }

    /// The first configuration's interfaces and endpoints; wraps `libusb_get_config_descriptor`.
    public func configuration() throws -> USBConfiguration {
        var config: UnsafeMutablePointer<libusb_config_descriptor>?
        try check(libusb_get_config_descriptor(pointer, 0, &config), "libusb_get_config_descriptor")
        guard let config else { throw USBError.notFound.during("libusb_get_config_descriptor") }
        defer { libusb_free_config_descriptor(config) }
        return USBConfiguration(config.pointee)
    }

    /// Opens the device for transfers; wraps `libusb_open`.
    ///
    /// Throws ``USBError/access`` when the node is not writable for this user (no udev rule),
    /// ``USBError/noDevice`` when it was unplugged after the listing.
    public func open() throws -> USBDeviceHandle {
        var handle: OpaquePointer?
        try check(libusb_open(pointer, &handle), "libusb_open")
        guard let handle else { throw USBError.other.during("libusb_open") }
        return USBDeviceHandle(pointer: handle, device: self)
    }
}

private func pad3(_ value: UInt8) -> String {
    let digits = String(value)
    return String(repeating: "0", count: 3 - digits.count) + digits
}
