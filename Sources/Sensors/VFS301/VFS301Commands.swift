/// The Validity VFS301's USB conversation: commands on bulk OUT 0x01, replies on bulk IN 0x81,
/// line data on bulk IN 0x82. Order, reply sizes and meanings follow libfprint's public vfs301
/// driver; the bytes are the recording's (`../shared/data/usb/vfs301/capture.ioctl`).
enum VFS301Commands {
    static let commandEndpoint: UInt8 = 0x01
    static let replyEndpoint: UInt8 = 0x81
    static let dataEndpoint: UInt8 = 0x82

    /// The initialisation: identification, set-up, seven calibration scans, scan configuration,
    /// the sensor turned on.
    static let open: [USBStep] = [
        send([0x01]), reply(38),
        send(command0B(0x04)), reply(6),
        send(command0B(0x05)), reply(7),
        send([0x19]), reply(64), reply(4),
        send(setup1), reply(2),
        send([0x01]), reply(38),
        send([0x1a]), reply(2), send(setup2), reply(2),
        send(scanConfig1), reply(2), data(256), data(32),
        send([0x1a]), reply(2), send(setup3), reply(2),
        send([0x01]), reply(38),
    ] + calibration + [
        send(command12), reply(2),
        send([0x1a]), reply(2), send(setup2), reply(2),
        send(scanConfig2), reply(2), data(5_760),
        send([0x1a]), reply(2), send(setup1), reply(2),
        send([0x1a]), reply(2), send(setup4), reply(2),
        send(command24), reply(2),
        send([0x01]), reply(38),
        send(scanConfig3), reply(2_368), reply(36), data(5_760),
    ]

    /// The seven calibration requests, each answered `00 00` and a block of data.
    private static let calibration: [USBStep] = [
        (calibration1, 11_648), (calibration2, 53_248), (calibration3, 19_968), (calibration4, 5_824),
        (calibration5, 6_656), (calibration6, 6_656), (calibration7, 832),
    ].flatMap { request, length in [send(request), reply(2), data(length)] }

    /// Asks for the next fingerprint.
    static let requestFinger: [USBStep] = [send(nextScan), reply(2)]

    /// Asks whether a finger event happened: 7 bytes, `00 00 02 …` when one did.
    static let peek: [USBStep] = [send([0x17]), reply(7)]
    static let noEvent: [UInt8] = [0, 0, 0, 0, 0, 0, 0]
    static let fingerEvent: [UInt8] = [0, 0, 2, 0, 0, 0, 0]

    /// The 64 bytes read and dropped before the lines.
    static let preamble = data(64)
    /// The first line block, then the following ones; a shorter block ends the swipe.
    static let firstBlock = 84_032
    static let nextBlock = 84_096

    /// After the swipe: command 04 (answered `12 04`, with data that may not come), then scan
    /// configuration 2 again (5760 data bytes, then `00 00`).
    static let finish: [USBStep] = [send([0x04])]
    static let finishReplies: (first: USBStep, second: USBStep) = (reply(2), data(16_384))
    static let rearm: [USBStep] = [send(scanConfig2)]
    static let rearmReplies: (first: USBStep, second: USBStep) = (data(5_760), reply(2))

    /// Command 0B with a subtype: 39 bytes, the subtype at 21 and a check byte at 35.
    private static func command0B(_ subtype: UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 39)
        bytes[0] = 0x0b
        bytes[21] = subtype
        bytes[35] = subtype == 0x04 ? 0x9f : 0xab
        return bytes
    }

    private static func send(_ bytes: [UInt8]) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: bytes)
    }

    private static func reply(_ length: Int) -> USBStep {
        .bulkIn(endpoint: replyEndpoint, length: length, expect: .anything)
    }

    static func data(_ length: Int) -> USBStep {
        .bulkIn(endpoint: dataEndpoint, length: length, expect: .anything)
    }
}
