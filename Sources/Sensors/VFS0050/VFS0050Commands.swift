/// The Validity VFS0050's USB conversation: commands on bulk OUT 0x01, return codes on bulk IN
/// 0x81, lines on bulk IN 0x82, finger interrupts on interrupt IN 0x83. Order and meaning follow
/// libfprint's public vfs0050 driver; the bytes are the recording's
/// (`../shared/data/usb/vfs0050/capture.ioctl`).
enum VFS0050Commands {
    static let commandEndpoint: UInt8 = 0x01
    static let returnEndpoint: UInt8 = 0x81
    static let lineEndpoint: UInt8 = 0x82
    static let interruptEndpoint: UInt8 = 0x83
    /// Every drain and line read uses this buffer.
    static let buffer = 65_536

    /// Empties an endpoint: read until nothing comes (a short timeout or an empty reply).
    static func drain(_ endpoint: UInt8) -> USBStep {
        endpoint == interruptEndpoint
            ? .interruptIn(endpoint: endpoint, length: buffer, expect: .anything)
            : .bulkIn(endpoint: endpoint, length: buffer, expect: .anything)
    }

    /// Command 04 (answered `12 04`), which stops the line stream; endpoint 0x82 is drained after.
    static let stopLines: [USBStep] = [send([0x04]), .bulkIn(endpoint: returnEndpoint, length: 2, expect: .anything)]

    /// A control packet, its return code, the commit and its 1106-byte answer, then the interrupt
    /// endpoint's (empty) report.
    static func control(_ packet: [UInt8]) -> [USBStep] {
        [send(packet), .bulkIn(endpoint: returnEndpoint, length: 2, expect: .anything),
         send(commit), .bulkIn(endpoint: returnEndpoint, length: 1_106, expect: .anything),
         .interruptIn(endpoint: interruptEndpoint, length: 5, expect: .exactly([0, 0, 0, 0, 0]))]
    }

    /// The finger interrupt (5 bytes).
    static let fingerInterrupt: USBStep = .interruptIn(endpoint: interruptEndpoint, length: 5, expect: .anything)
    /// The three interrupts that announce a finger (`01 …` too: the finger was already down).
    static let fingerInterrupts: [[UInt8]] = [[0x02, 0x00, 0x0e, 0x00, 0xf0], [0x02, 0x04, 0x0a, 0x00, 0xf0],
                                              [0x02, 0x00, 0x0a, 0x00, 0xf0]]

    /// One read of the line stream.
    static let lines: USBStep = .bulkIn(endpoint: lineEndpoint, length: buffer, expect: .anything)

    private static func send(_ bytes: [UInt8]) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: bytes)
    }
}
