internal import CLibUSB

/// The standard USB device descriptor (USB 2.0 §9.6.1), as plain values.
public struct USBDeviceDescriptor: Sendable, Hashable {
    /// bcdUSB, e.g. 0x0110 for USB 1.1.
    public let usbVersion: UInt16
    /// bDeviceClass, bDeviceSubClass, bDeviceProtocol (0xff = vendor specific).
    public let deviceClass: UInt8
    public let deviceSubclass: UInt8
    public let deviceProtocol: UInt8
    /// bMaxPacketSize0, in bytes.
    public let maxPacketSize0: UInt8
    /// idVendor and idProduct.
    public let id: USBDeviceID
    /// bcdDevice, the device's release number.
    public let deviceVersion: UInt16
    /// bNumConfigurations.
    public let configurationCount: UInt8

    init(_ raw: libusb_device_descriptor) {
        usbVersion = raw.bcdUSB
        deviceClass = raw.bDeviceClass
        deviceSubclass = raw.bDeviceSubClass
        deviceProtocol = raw.bDeviceProtocol
        maxPacketSize0 = raw.bMaxPacketSize0
        id = USBDeviceID(vendor: raw.idVendor, product: raw.idProduct)
        deviceVersion = raw.bcdDevice
        configurationCount = raw.bNumConfigurations
    }

    /// A BCD version as text: 0x0110 → "1.10".
    public static func versionText(_ bcd: UInt16) -> String {
        let major = String(bcd >> 8, radix: 16)
        let minor = String(bcd & 0xff, radix: 16)
        return major + "." + (minor.count < 2 ? "0" + minor : minor)
    }
}

/// One configuration: its value, power and interfaces (first alternate setting of each).
public struct USBConfiguration: Sendable, Hashable {
    /// bConfigurationValue, the number SET_CONFIGURATION selects it by.
    public let value: UInt8
    /// bmAttributes (0x80 bus-powered, 0x40 self-powered, 0x20 remote wake-up).
    public let attributes: UInt8
    /// Maximum current in milliamperes.
    public let maxPowerMilliamperes: Int
    /// Alternate setting 0 of each interface, in descriptor order.
    public let interfaces: [USBInterface]

    init(_ raw: libusb_config_descriptor) {
        value = raw.bConfigurationValue
        attributes = raw.bmAttributes
        maxPowerMilliamperes = Int(raw.MaxPower) * 2
        var interfaces: [USBInterface] = []
        for index in 0..<Int(raw.bNumInterfaces) {
            let interface = raw.interface[index]
            guard interface.num_altsetting > 0 else { continue }
            interfaces.append(USBInterface(interface.altsetting[0]))
        }
        self.interfaces = interfaces
    }
}

/// An interface descriptor (alternate setting 0) with its endpoints.
public struct USBInterface: Sendable, Hashable {
    /// bInterfaceNumber, what a claim names.
    public let number: UInt8
    /// bInterfaceClass, bInterfaceSubClass, bInterfaceProtocol.
    public let interfaceClass: UInt8
    public let interfaceSubclass: UInt8
    public let interfaceProtocol: UInt8
    /// The interface's endpoints, in descriptor order (endpoint 0 is never listed).
    public let endpoints: [USBEndpoint]

    init(_ raw: libusb_interface_descriptor) {
        number = raw.bInterfaceNumber
        interfaceClass = raw.bInterfaceClass
        interfaceSubclass = raw.bInterfaceSubClass
        interfaceProtocol = raw.bInterfaceProtocol
        endpoints = (0..<Int(raw.bNumEndpoints)).map { USBEndpoint(raw.endpoint[$0]) }
    }
}

/// An endpoint descriptor: address, transfer type and packet size.
public struct USBEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// bEndpointAddress; bit 7 set means IN (device to host).
    public let address: UInt8
    /// From bmAttributes bits 0–1.
    public let transferType: USBTransferType
    /// wMaxPacketSize, in bytes.
    public let maxPacketSize: Int
    /// bInterval (frames or microframes, depending on speed).
    public let interval: UInt8

    init(_ raw: libusb_endpoint_descriptor) {
        address = raw.bEndpointAddress
        transferType = USBTransferType(rawValue: raw.bmAttributes & 0x03) ?? .control
        maxPacketSize = Int(raw.wMaxPacketSize & 0x07ff)
        interval = raw.bInterval
    }

    /// True for an IN (device-to-host) endpoint.
    public var isInput: Bool { address & 0x80 != 0 }

    /// `ep81/BULK/64`, the form lsusb-style listings use.
    public var description: String {
        let hex = String(address, radix: 16)
        return "ep" + (hex.count < 2 ? "0" + hex : hex) + "/\(transferType)/\(maxPacketSize)"
    }
}

/// The four USB transfer types (USB 2.0 §5.4–5.8), numbered as in bmAttributes.
public enum USBTransferType: UInt8, Sendable, Hashable, CustomStringConvertible {
    case control = 0
    case isochronous = 1
    case bulk = 2
    case interrupt = 3

    public var description: String {
        switch self {
        case .control: "CONTROL"
        case .isochronous: "ISOC"
        case .bulk: "BULK"
        case .interrupt: "INTR"
        }
    }
}
