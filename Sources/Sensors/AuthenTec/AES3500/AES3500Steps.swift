/// The AES3500's USB conversation (register writes on bulk OUT 0x02, the image on bulk IN 0x81).
///
/// The write URBs are the recording's (`../shared/data/usb/aes3500/capture.ioctl`, which stores
/// each distinct URB once); their order and the meaning of the registers follow libfprint's
/// public aes3500 driver (master and scan reset, then the sensor set-up in two 16-pair URBs,
/// then the capture request). Register numbers are the AES2501's (libfprint 1.94.5's aes2501 driver).
enum AES3500Steps {
    private typealias W = AuthenTecRegisters

    /// Resets, disables register buffering and sets up excitation, detection, gain, A/D
    /// references, the 128-column window, data format and challenge words.
    static let activation: [USBStep] = [
        W.write([0x80: 0x01]),                       // master reset on
        W.write([0x80: 0x00]),                       // … and off
        W.write([0x81: 0x00, 0x80: 0x00]),
        W.write([0x80: 0x02]),                       // scan reset
        W.write([0x80: 0x00]),
        W.write([0x80: 0x04]),                       // register buffering off
        W.write([0x80: 0x00]),
        W.write([0x81: 0x00]),
        W.write([0x80: 0x00, 0x81: 0x00, 0x82: 0x04, 0x83: 0x13, 0x84: 0x07, 0x85: 0x3d,
                 0x86: 0x03, 0x87: 0x01, 0x88: 0x02, 0x89: 0x02, 0x8a: 0x33, 0x8b: 0x33,
                 0x8c: 0x0f, 0x8d: 0x04, 0x8e: 0x23, 0x8f: 0x07]),
        W.write([0x90: 0x00, 0x91: 0x1c, 0x92: 0x08, 0x93: 0x00, 0x94: 0x07, 0x95: 0x00,
                 0x96: 0x1f, 0x97: 0x04, 0x98: 0x28, 0x99: 0x00, 0x9a: 0x0b, 0x9b: 0x00,
                 0x9c: 0x00, 0x9d: 0x09, 0x9e: 0x53, 0x9f: 0x6b]),
    ]

    /// Arms one scan (CTRL2 bit 2); the chip answers the image read when a finger is down.
    static let captureRequest: [USBStep] = [
        W.write([0x80: 0x00, 0x81: 0x00]),
        W.write([0x81: 0x04]),
        W.write([0x81: 0x00]),
    ]

    /// The image read: 8 frames of 1 header byte and 128 × 16 nibbles, and a 129-byte tail.
    static let imageLength = 8_329
    static let imageRead: USBStep = .bulkIn(endpoint: 0x81, length: imageLength, expect: .fullLength)
}
