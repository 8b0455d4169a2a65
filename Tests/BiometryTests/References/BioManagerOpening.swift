/// The two exchanges `CardBiometricEdge.select` has with a BioManager card, for stub channels.
enum BioManagerOpening {
    static let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x06, 0xA0, 0x00, 0x00, 0x00, 0x84, 0x00, 0x00]
    static let getProperties: [UInt8] = [0xB0, 0x40, 0x00, 0x00, 0x19]

    /// GET PROPERTIES' answer: version 1.0, matcher 1.0, operational, 5 admin-key tries, 10
    /// containers of 5 tries, nothing verified or blocked; container 0 (right index) enrolled or not.
    static func properties(rightIndexEnrolled: Bool) -> [UInt8] {
        [0x01, 0x00, 0x01, 0x00, 0x08, 0x05, 0x00, 0x00, 0x0A] + Array(repeating: 0x05, count: 10)
            + [0x00, 0x00, 0x00, 0x00, 0x00, rightIndexEnrolled ? 0x01 : 0x00] + [0x90, 0x00]
    }
}
