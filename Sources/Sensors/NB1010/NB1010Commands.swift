/// The NEXT Biometrics NB-1010-U's USB conversation as step tables.
///
/// Every command is a bulk OUT on 0x02 starting `80 cmd seq 00 len 00 00 00` and is answered on
/// bulk IN 0x83; the device echoes the sequence byte and does not check it. Facts from
/// `../shared/data/usb/nb1010/capture.ioctl` (command bytes, reply sizes, 90 image reads) and
/// libfprint's public nb1010 header (the finger byte, the 25-byte image header).
enum NB1010Commands {
    static let commandEndpoint: UInt8 = 0x02
    static let replyEndpoint: UInt8 = 0x83
    /// Every command reply is 16 bytes; a short one is an error.
    static let replyLength = 16
    /// Reply byte 12 is the finger signal (0–255); above this a finger is on the sensor.
    static let fingerByte = 12
    static let fingerThreshold: UInt8 = 0x60

    /// One image read: a 25-byte header, 2 lines of 256 pixels, 3 bytes of padding.
    static let partialLength = 540
    static let partialHeaderLength = 25
    static let linesPerPartial = 2
    static let partialsPerImage = 90
    static let imageWidth = 256
    static let imageHeight = 180

    /// Command 0x38, check finger; the recording's first transfer.
    static let checkFinger: [USBStep] = [
        .bulkOut(endpoint: commandEndpoint, bytes: [0x80, 0x38, 0x01, 0x00, 0x08, 0x00, 0x00, 0x00]),
    ]

    /// The reply to a finger check, read after the sensor has had time to measure.
    static let fingerReply = reply

    /// Command 0x0d before every capture, then command 0x12 (capture, mode 2, 0x20 lines per
    /// burst); both replies are read and not interpreted.
    static let startCapture: [USBStep] = [
        .bulkOut(endpoint: commandEndpoint, bytes: [0x80, 0x0d, 0x03, 0x00, 0x0c, 0x00, 0x00, 0x00,
                                                    0x00, 0x04, 0x00, 0x00]),
        reply,
        .bulkOut(endpoint: commandEndpoint, bytes: [0x80, 0x12, 0x04, 0x00, 0x20, 0x00, 0x00, 0x00,
                                                    0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                                    0x00, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00]),
        reply,
    ]

    /// One of the 90 image reads; each must be exactly 540 bytes.
    static let partial: USBStep = .bulkIn(endpoint: replyEndpoint, length: partialLength, expect: .fullLength)

    private static let reply: USBStep = .bulkIn(endpoint: replyEndpoint, length: replyLength, expect: .fullLength)
}
