import USB

/// The UPEK TouchChip's commands (bulk OUT 0x02, replies on bulk IN 0x81) and its vendor
/// control request, as recorded in `../shared/data/usb/upektc_img/capture.pcapng`; the order
/// and meaning follow libfprint's public upektc_img driver.
enum UPEKTCCommands {
    static let commandEndpoint: UInt8 = 0x02
    static let replyEndpoint: UInt8 = 0x81
    /// Every reply is read 64 bytes first, the rest of a long one with this buffer (2052 − 64).
    static let shortReply = 64
    static let restBuffer = 1_988

    /// Vendor request 0x0c (wValue 0x100, wIndex 0x400, one zero byte): wakes the coprocessor.
    static let wake: USBStep = .controlOut(USBControlSetup(requestType: 0x40, request: 0x0c, value: 0x0100, index: 0x0400),
                                           bytes: [0x00])

    /// The four set-up commands; the last is numbered, and its reply describes the sensor.
    static let setup1 = UPEKTCMessage(type: 0x04, sequence: 0,
                                      payload: [0x01, 0x00, 0x46, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00])
    static let setup2 = UPEKTCMessage(type: 0x07, sequence: 0, payload: [0x01])
    static let setup3 = UPEKTCMessage(type: 0x04, sequence: 0,
                                      payload: [0x01, 0x00, 0xbc, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00])
    static func setup4(_ sequence: UInt8) -> UPEKTCMessage {
        UPEKTCMessage(type: 0x00, sequence: sequence, payload: [0x28, 0x04, 0x00, 0x00, 0x00, 0x06, 0x04])
    }

    /// Starts a swipe capture.
    static func startCapture(_ sequence: UInt8) -> UPEKTCMessage {
        UPEKTCMessage(type: 0x00, sequence: sequence,
                      payload: [0x28, 0x0b, 0x00, 0x00, 0x00, 0x0e, 0x02, 0xfe, 0xff, 0xff, 0xff, 0x02, 0x00, 0x02])
    }

    /// Acknowledges a status (0x28) message.
    static func acknowledgeStatus(_ sequence: UInt8) -> UPEKTCMessage {
        UPEKTCMessage(type: 0x00, sequence: sequence, payload: [0x28, 0x05, 0x00, 0x00, 0x00, 0x00, 0x30, 0x01])
    }

    /// Answers the coprocessor's poll (type 0x08); never numbered.
    static let acknowledgePoll = UPEKTCMessage(type: 0x09, sequence: 0, payload: [])

    /// Acknowledges an image frame.
    static func acknowledgeFrame(_ sequence: UInt8) -> UPEKTCMessage {
        UPEKTCMessage(type: 0x00, sequence: sequence, payload: [0x30])
    }

    /// Ends the session.
    static func finish(_ sequence: UInt8) -> UPEKTCMessage {
        UPEKTCMessage(type: 0x07, sequence: sequence, payload: [0x01])
    }

    static func send(_ message: UPEKTCMessage) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: message.bytes)
    }

    static let readShort: USBStep = .bulkIn(endpoint: replyEndpoint, length: shortReply, expect: .anything)
    static let readRest: USBStep = .bulkIn(endpoint: replyEndpoint, length: restBuffer, expect: .anything)
}
