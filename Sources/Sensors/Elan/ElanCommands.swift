/// The Elan swipe sensors' two-byte commands (bulk OUT 0x01; short replies on bulk IN 0x83,
/// frames on bulk IN 0x82), as recorded in `../shared/data/usb/elan/capture.ioctl` and named
/// after libfprint's public elan driver.
enum ElanCommands {
    static let commandEndpoint: UInt8 = 0x01
    static let replyEndpoint: UInt8 = 0x83
    static let frameEndpoint: UInt8 = 0x82

    /// Firmware version, 2 bytes big-endian (the recorded 0c26 reports 0x0140).
    static let firmwareVersion = command([0x40, 0x19], reply: 2)
    /// Sensor size: reply bytes 0 and 2 are the raw frame's height and width (64, 144).
    static let sensorSize = command([0x00, 0x0c], reply: 4)
    /// The mean the sensor's own calibration aims at, 2 bytes.
    static let calibrationMean = command([0x40, 0x24], reply: 2)
    /// Calibration progress: 0x01 running, 0x03 done.
    static let calibrationStatus = command([0x40, 0x23], reply: 1)
    /// Turns the LED on; no reply.
    static let ledOn: [USBStep] = [send([0x40, 0x31])]
    /// Asks for the finger; 0x55 means present (an empty reply or a timeout: gone).
    static let fingerQuery = command([0x40, 0x3f], reply: 1)
    /// Stops the capture; no reply.
    static let stop: [USBStep] = [send([0x00, 0x0b])]
    /// The finger-present answer.
    static let fingerPresent: UInt8 = 0x55

    /// Asks for one raw frame of `bytes` (height × width 16-bit pixels).
    static func frame(bytes: Int) -> [USBStep] {
        [send([0x00, 0x09]), .bulkIn(endpoint: frameEndpoint, length: bytes, expect: .fullLength)]
    }

    private static func send(_ bytes: [UInt8]) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: bytes)
    }

    private static func command(_ bytes: [UInt8], reply length: Int) -> [USBStep] {
        [send(bytes), .bulkIn(endpoint: replyEndpoint, length: length, expect: .anything)]
    }
}
