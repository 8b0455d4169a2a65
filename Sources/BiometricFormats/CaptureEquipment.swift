/// The capture equipment field of a finger minutiae record header: 4 bits of certification
/// flags above a 12-bit capture device type ID.
///
/// ISO/IEC 19794-2:2005 calls the flags "certification"; ANSI INCITS 378-2004 calls them
/// "compliance" (bit b16 = Appendix F of the FBI's IAFIS IQS) and the ID "scanner ID".
/// The layout is the same in both.
public struct CaptureEquipment: Hashable, Sendable, Codable {
    /// Certification (ISO) or compliance (ANSI) flags, 0–15.
    public var certificationFlags: UInt8
    /// Capture device type (ISO) or scanner (ANSI) ID, 0–4095; 0 = unreported.
    public var deviceType: UInt16

    /// Keeps the low 4 bits of `certificationFlags` and the low 12 bits of `deviceType`,
    /// which is all the record can store.
    public init(certificationFlags: UInt8 = 0, deviceType: UInt16 = 0) {
        self.certificationFlags = certificationFlags & 0x0F
        self.deviceType = deviceType & 0x0FFF
    }

    /// Decodes the 16-bit header field.
    public init(field: UInt16) {
        self.init(certificationFlags: UInt8(field >> 12), deviceType: field & 0x0FFF)
    }

    /// The 16-bit header field.
    public var field: UInt16 { UInt16(certificationFlags) << 12 | deviceType }

    /// No certification, unreported device.
    public static let unreported = CaptureEquipment()
}
