internal import CLibUSB

/// A libusb session: the owner of every device and handle opened through it.
///
/// Wraps `libusb_init` / `libusb_exit`. Devices and handles keep their context alive, so a
/// temporary `USBContext()` in an expression is safe. Not thread-safe: use one context per thread.
public final class USBContext {
    let pointer: OpaquePointer

    /// Starts a libusb session; wraps `libusb_init`.
    public init() throws {
        var context: OpaquePointer?
        try check(libusb_init(&context), "libusb_init")
        guard let context else { throw USBError.other.during("libusb_init") }
        pointer = context
    }

    deinit {
        libusb_exit(pointer)
    }

    /// The libusb version string, e.g. `"1.0.26.11724"`; wraps `libusb_get_version`.
    public static var libraryVersion: String {
        guard let version = libusb_get_version()?.pointee else { return "unknown" }
        return "\(version.major).\(version.minor).\(version.micro).\(version.nano)"
    }

    /// Every USB device the system (or umockdev) shows, in libusb's order.
    ///
    /// Wraps `libusb_get_device_list`. Reading the descriptors needs no access rights; opening
    /// a device does (see ``USBDevice/open()``).
    public func devices() throws -> [USBDevice] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = try check(Int32(truncatingIfNeeded: libusb_get_device_list(pointer, &list)),
                              "libusb_get_device_list")
        guard let list else { return [] }
        defer { libusb_free_device_list(list, 1) }
        var devices: [USBDevice] = []
        for index in 0..<Int(count) {
            guard let device = list[index] else { continue }
            devices.append(try USBDevice(retaining: device, context: self))
        }
        return devices
    }

    /// The devices whose vendor and product match one of `ids`.
    public func devices(matching ids: [USBDeviceID]) throws -> [USBDevice] {
        try devices().filter { ids.contains($0.id) }
    }
}
