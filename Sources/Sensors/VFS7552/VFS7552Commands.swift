/// The Validity VFS7552's USB conversation as step tables: commands on bulk OUT 0x01, replies
/// and image chunks on bulk IN 0x81, finger events on interrupt IN 0x83.
///
/// Facts from `../shared/data/usb/vfs7552/capture.ioctl` (commands, reply sizes, the 33 frames
/// of 3 chunks) and libfprint's public vfs7552 driver (which reply is checked how, what the
/// interrupt and ready bytes mean). The three large blocks are in `VFS7552Commands+Blobs.swift`.
enum VFS7552Commands {
    static let commandEndpoint: UInt8 = 0x01
    static let replyEndpoint: UInt8 = 0x81
    static let interruptEndpoint: UInt8 = 0x83
    /// Every chunk read uses this buffer; a chunk is at most 4806 bytes.
    static let chunkBuffer = 4_806

    /// Identification and set-up, at open.
    static let open: [USBStep] = [
        send([0x01]), .bulkIn(endpoint: replyEndpoint, length: 64, expect: .length(38)),
        send([0x19]), .bulkIn(endpoint: replyEndpoint, length: 128, expect: .length(68)),
        send(setup1), ok,
        send([0x08, 0x5c, 0x20, 0x00, 0x80, 0x07, 0x00, 0x00, 0x00, 0x04]), ok,
        send([0x07, 0x80, 0x20, 0x00, 0x80, 0x04]),
        .bulkIn(endpoint: replyEndpoint, length: 64, expect: .exactly([0x00, 0x00, 0x03, 0x00, 0x00, 0x00])),
        send([0x75]), .bulkIn(endpoint: replyEndpoint, length: 64, expect: .length(10)),
        send(setup2), ok,
    ]

    /// Starts imaging; afterwards the interrupt endpoint reports the finger.
    static let startImaging: [USBStep] = [
        send(imageStart), .bulkIn(endpoint: replyEndpoint, length: 2_048, expect: .length(1_962)),
    ]

    /// One finger event: `00 …` nothing yet, `02 …` a finger was detected.
    // Read as a bulk URB although 0x83 is an interrupt endpoint: the recording's URBs are bulk
    // (type 3), as libfprint submits them, and usbfs turns a bulk URB on an interrupt endpoint
    // into a single interrupt transfer.
    static let fingerEvent: USBStep = .bulkIn(endpoint: interruptEndpoint, length: 8, expect: .anything)

    /// Asks whether a frame is ready; the 6-byte reply starts `00` ready, `01` not yet.
    static let readyQuery: [USBStep] = [
        send([0x78, 0x00, 0x00, 0x00, 0x00]), .bulkIn(endpoint: replyEndpoint, length: 64, expect: .length(6)),
    ]

    /// Requests the next chunk of a frame and reads it.
    static let chunk: [USBStep] = [
        send([0x78, 0xc0, 0x12, 0x00, 0x00]), .bulkIn(endpoint: replyEndpoint, length: chunkBuffer, expect: .anything),
    ]

    /// Stops imaging (commands 04 and 52), at close.
    static let stop: [USBStep] = [send([0x04]), ok, send([0x52]), ok]

    private static func send(_ bytes: [UInt8]) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: bytes)
    }

    /// The normal acknowledgement, `00 00`.
    private static let ok: USBStep = .bulkIn(endpoint: replyEndpoint, length: 64, expect: .exactly([0x00, 0x00]))
}
