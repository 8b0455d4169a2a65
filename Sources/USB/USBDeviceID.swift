/// A USB vendor and product ID pair, written `08ff:2580` as `lsusb` does.
public struct USBDeviceID: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// idVendor, assigned by the USB-IF.
    public let vendor: UInt16
    /// idProduct, assigned by the vendor.
    public let product: UInt16

    public init(vendor: UInt16, product: UInt16) {
        self.vendor = vendor
        self.product = product
    }

    /// Parses `vvvv:pppp` (hex); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 4 }),
              let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16)
        else { return nil }
        self.init(vendor: vendor, product: product)
    }

    public var description: String {
        hex4(vendor) + ":" + hex4(product)
    }

    /// Orders by vendor, then product.
    public static func < (lhs: USBDeviceID, rhs: USBDeviceID) -> Bool {
        (lhs.vendor, lhs.product) < (rhs.vendor, rhs.product)
    }
}

/// Four lower-case hex digits, zero-padded.
func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
}
