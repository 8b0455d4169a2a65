internal import CPCSCLite

/// A reader attribute for `PCSCCard.attribute(_:)` (`SCARD_ATTR_*`, class << 16 | tag).
public struct ReaderAttribute: RawRepresentable, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    private init(_ attributeClass: Int32, _ tag: UInt32) {
        rawValue = UInt32(attributeClass) << 16 | tag
    }

    /// `SCARD_ATTR_VENDOR_NAME`: the reader maker, as text.
    public static let vendorName = Self(SCARD_CLASS_VENDOR_INFO, 0x0100)
    /// `SCARD_ATTR_VENDOR_IFD_TYPE`: the reader model, as text.
    public static let vendorIFDType = Self(SCARD_CLASS_VENDOR_INFO, 0x0101)
    /// `SCARD_ATTR_VENDOR_IFD_VERSION`: `0xMMmmbbbb` (major, minor, build).
    public static let vendorIFDVersion = Self(SCARD_CLASS_VENDOR_INFO, 0x0102)
    /// `SCARD_ATTR_VENDOR_IFD_SERIAL_NO`: the reader's serial number, as text.
    public static let vendorIFDSerialNumber = Self(SCARD_CLASS_VENDOR_INFO, 0x0103)
    /// `SCARD_ATTR_CHANNEL_ID`: `0xDDDDCCCC`, channel type and number (USB bus/address for `0x0020`).
    public static let channelID = Self(SCARD_CLASS_COMMUNICATIONS, 0x0110)
    /// `SCARD_ATTR_ATR_STRING`: the card's ATR.
    public static let atrString = Self(SCARD_CLASS_ICC_STATE, 0x0303)
    /// `SCARD_ATTR_MAXINPUT`: the largest APDU the reader passes (pcsc-lite vendor attribute).
    public static let maxInput = Self(SCARD_CLASS_VENDOR_DEFINED, 0xA007)
    /// `SCARD_ATTR_DEVICE_FRIENDLY_NAME`: the reader's display name. pcscd 1.9.9 answers it itself
    /// and fails with `SCARD_E_INSUFFICIENT_BUFFER` whatever the buffer size (seen with vpcd).
    public static let deviceFriendlyName = Self(SCARD_CLASS_SYSTEM, 0x0003)
}
