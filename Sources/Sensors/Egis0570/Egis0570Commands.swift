/// The Egis 0570's USB conversation: 7-byte `EGIS` commands on bulk OUT 0x04, each answered with
/// a 7-byte `SIGE` echo on bulk IN 0x83, except the last of a sequence, which the 32 512-byte
/// image read answers. Commands and replies as in `../shared/data/usb/egis0570/capture.pcapng`;
/// the driver sends the next command while the last reply is pending, as libfprint's does.
enum Egis0570Commands {
    static let commandEndpoint: UInt8 = 0x04
    static let replyEndpoint: UInt8 = 0x83
    static let replyLength = 7
    /// Five images of 114 × 57 pixels and 22 more bytes.
    static let imageLength = 32_512

    /// Register set-up before the first image (operation, register, value).
    static let setup: [[UInt8]] = [
        [0x01, 0x20, 0x3f], [0x01, 0x58, 0x3f], [0x01, 0x21, 0x09], [0x01, 0x57, 0x09], [0x01, 0x22, 0x03],
        [0x01, 0x56, 0x03], [0x01, 0x23, 0x01], [0x01, 0x55, 0x01], [0x01, 0x24, 0x01], [0x01, 0x54, 0x01],
        [0x01, 0x16, 0x3e], [0x01, 0x09, 0x0b], [0x01, 0x14, 0x03], [0x01, 0x15, 0x00], [0x01, 0x02, 0x0f],
        [0x01, 0x10, 0x00], [0x01, 0x11, 0x38], [0x01, 0x12, 0x00], [0x01, 0x13, 0x71], [0x01, 0x03, 0x80],
        [0x00, 0x02, 0x80], [0x01, 0x02, 0x2f], [0x06, 0x00, 0xfe],
    ]

    /// Before every later image.
    static let repeated: [[UInt8]] = [[0x01, 0x02, 0x0f], [0x00, 0x02, 0x0f], [0x01, 0x02, 0x2f], [0x06, 0x00, 0xfe]]

    /// A command sequence as steps: the first command alone, then each reply together with the
    /// next command, the last command's answer being the image.
    static func steps(_ commands: [[UInt8]]) -> [USBStep] {
        guard let first = commands.first else { return [] }
        var steps = [send(first)]
        for command in commands.dropFirst() {
            steps.append(.together([.bulkIn(endpoint: replyEndpoint, length: replyLength, expect: .length(replyLength)),
                                    send(command)]))
        }
        steps.append(.bulkIn(endpoint: replyEndpoint, length: imageLength, expect: .fullLength))
        return steps
    }

    private static func send(_ command: [UInt8]) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: Array("EGIS".utf8) + command)
    }
}
