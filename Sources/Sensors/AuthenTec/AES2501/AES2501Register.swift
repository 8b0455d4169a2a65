import USB

/// AES2501 register numbers (libfprint 1.94.5's aes2501 driver) and the one kind of OUT message: a URB of
/// (register, value) pairs on bulk endpoint 0x02.
enum AES2501Register {
    static let ctrl1: UInt8 = 0x80          // bit0 master reset, bit1 scan reset, bit2 continuous update
    static let ctrl2: UInt8 = 0x81          // 0x02 dump registers, 0x04 one scan
    static let excitationControl: UInt8 = 0x82
    static let detectionControl: UInt8 = 0x83
    static let columnScan: UInt8 = 0x88
    static let measureDrive: UInt8 = 0x89
    static let measureFrequency: UInt8 = 0x8a
    static let demodulationPhase2: UInt8 = 0x8c
    static let demodulationPhase1: UInt8 = 0x8d
    static let channelGain: UInt8 = 0x8e
    static let adReferenceHigh: UInt8 = 0x91
    static let adReferenceLow: UInt8 = 0x92
    static let endRow: UInt8 = 0x94
    static let startColumn: UInt8 = 0x95
    static let endColumn: UInt8 = 0x96
    static let dataFormat: UInt8 = 0x97      // low nibble: histogram threshold
    static let imageControl: UInt8 = 0x98
    static let challengeWord1: UInt8 = 0x9b
    static let challengeWord2: UInt8 = 0x9c
    static let challengeWord3: UInt8 = 0x9d
    static let challengeWord4: UInt8 = 0x9e
    static let challengeWord5: UInt8 = 0x9f
    static let testRegister1: UInt8 = 0xa1
    static let autoCalibrationOffset: UInt8 = 0xa8
    static let testRegisterC: UInt8 = 0xac
    static let testRegisterD: UInt8 = 0xad
    static let calibrationStatus: UInt8 = 0xaf  // read back after activation (0x6b: retry)
    static let lowPowerOnTime: UInt8 = 0xb4
    // Written with fixed values, meaning undocumented (libfprint 1.94.5's aes2501 driver).
    static let undocumentedA2: UInt8 = 0xa2
    static let undocumentedA7: UInt8 = 0xa7
    static let undocumentedB0: UInt8 = 0xb0
    static let undocumentedB6: UInt8 = 0xb6
    static let undocumentedB7: UInt8 = 0xb7
    static let undocumentedFF: UInt8 = 0xff

    /// The bulk IN endpoint every reply comes from.
    static let readEndpoint: UInt8 = 0x81

    /// One write URB: the pairs in order, `reg0 val0 reg1 val1 …` (libfprint 1.94.5's aes2501 driver).
    static func write(_ pairs: KeyValuePairs<UInt8, UInt8>) -> USBStep {
        AuthenTecRegisters.write(pairs)
    }

    /// A read of exactly `length` bytes (a short read is an error, as in libfprint).
    static func read(_ length: Int) -> USBStep {
        .bulkIn(endpoint: readEndpoint, length: length, expect: .fullLength)
    }
}
