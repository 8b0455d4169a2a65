/// The AES2501's fixed USB conversation, phase by phase (libfprint 1.94.5's aes2501 driver).
///
/// Every write URB below is a hardware fact read from the recording
/// `../shared/data/usb/aes2501/capture.pcapng` (transfer numbers `#n` as in the sheet); the
/// URB boundaries are part of the fact, because the chip's driver sends them that way and
/// umockdev's replay compares URBs one for one.
enum AES2501Steps {
    typealias R = AES2501Register

    /// Phase A, #3–#10: reset, setup, one ignored scan, register dump request and read.
    static let activation: [USBStep] = [
        R.write([R.ctrl1: 0x01]),                                                     // #3
        R.write([R.undocumentedB0: 0x27, R.ctrl1: 0x01, R.excitationControl: 0x40,    // #4
                 R.undocumentedFF: 0x00, R.undocumentedFF: 0x00, R.undocumentedFF: 0x00,
                 R.undocumentedFF: 0x00, R.undocumentedFF: 0x00, R.undocumentedFF: 0x00,
                 R.undocumentedFF: 0x00, R.undocumentedFF: 0x00, R.undocumentedFF: 0x00,
                 R.undocumentedFF: 0x00, R.undocumentedFF: 0x00,
                 R.ctrl1: 0x01, R.excitationControl: 0x40]),
        detectionSetup,                                                               // #5
        R.write([R.testRegisterD: 0x1a, R.ctrl1: 0x04, R.ctrl2: 0x04,                 // #6
                 R.lowPowerOnTime: 0x00]),
        R.read(20),                                                                   // #7, ignored
        R.write([R.ctrl1: 0x01, R.excitationControl: 0x40, R.ctrl1: 0x01,             // #8
                 R.autoCalibrationOffset: 0x41, R.excitationControl: 0x42,
                 R.detectionControl: 0x53, R.ctrl1: 0x04]),
    ] + registerDump                                                                  // #9, #10

    /// Phase A, #9–#10 (and the retry loop): ask for a register dump and read it.
    static let registerDump: [USBStep] = [
        R.write([R.ctrl2: 0x02]),
        R.read(AES2501Reply.registerDumpLength),
    ]

    /// Phase A retry, sent before another dump while register 0xaf reads 0x6b [src; the
    /// recording never takes it].
    static let calibrationRetry: USBStep =
        R.write([R.undocumentedFF: 0x00, R.ctrl1: 0x01, R.autoCalibrationOffset: 0x41,
                 R.excitationControl: 0x42, R.detectionControl: 0x53, R.ctrl1: 0x04])

    /// Phase A, #11–#12: row window, detection rate, scan resets.
    static let activationEnd: [USBStep] = [
        R.write([R.ctrl1: 0x01, R.excitationControl: 0x40, R.undocumentedB0: 0x27,    // #11
                 R.endRow: 0x0a, R.ctrl1: 0x04, R.detectionControl: 0x45,
                 R.autoCalibrationOffset: 0x41]),
        R.write([R.undocumentedB0: 0x27, R.ctrl1: 0x01, R.excitationControl: 0x40,    // #12
                 R.undocumentedFF: 0x00, R.ctrl1: 0x01, R.excitationControl: 0x40,
                 R.ctrl1: 0x01, R.excitationControl: 0x40, R.ctrl1: 0x01, R.excitationControl: 0x40,
                 R.ctrl1: 0x01, R.excitationControl: 0x40, R.ctrl1: 0x01, R.excitationControl: 0x40,
                 R.ctrl1: 0x02, R.ctrl1: 0x02]),
    ]

    /// #5 and the first URB of every poll: detection and measurement setup, gain 0x13,
    /// ADREF 0x44/0x34, a single column group 0x16, DATFMT 0x18.
    private static let detectionSetup: USBStep =
        R.write([R.detectionControl: 0x00, R.columnScan: 0x02, R.measureDrive: 0x10,
                 R.measureFrequency: 0x05, R.demodulationPhase1: 0x00, R.demodulationPhase2: 0x00,
                 R.channelGain: 0x13, R.adReferenceHigh: 0x44, R.adReferenceLow: 0x34,
                 R.startColumn: 0x16, R.endColumn: 0x16, R.dataFormat: 0x18,
                 R.testRegister1: 0x70, R.undocumentedA2: 0x02, R.undocumentedA7: 0x00,
                 R.testRegisterC: 0x01])

    /// Phase B, one poll cycle (#13–#16, repeated): three write URBs and a 20-byte read.
    static let fingerPoll: [USBStep] = [
        R.write([R.ctrl1: 0x01, R.excitationControl: 0x40, R.detectionControl: 0x00,
                 R.columnScan: 0x02, R.measureDrive: 0x10, R.measureFrequency: 0x05,
                 R.demodulationPhase1: 0x00, R.demodulationPhase2: 0x00, R.channelGain: 0x13,
                 R.adReferenceHigh: 0x44, R.adReferenceLow: 0x34, R.startColumn: 0x16,
                 R.endColumn: 0x16, R.dataFormat: 0x18, R.testRegister1: 0x70,
                 R.undocumentedA2: 0x02]),
        R.write([R.undocumentedA7: 0x00, R.testRegisterC: 0x01, R.testRegisterD: 0x1a]),
        R.write([R.ctrl1: 0x04, R.ctrl2: 0x04, R.lowPowerOnTime: 0x00]),
        R.read(AES2501Reply.fingerDetectLength),
    ]

    /// Phase C, #2837–#2842: capture setup, two histogram-only scans whose replies are ignored.
    static let captureSetup: [USBStep] = [
        R.write([R.ctrl1: 0x01]),                                                     // #2837
        R.write([R.excitationControl: 0x40, R.detectionControl: 0x00,                 // #2838
                 R.columnScan: 0x02, R.demodulationPhase2: 0x7c, R.measureDrive: 0x10,
                 R.demodulationPhase1: 0x24, R.challengeWord1: 0x00, R.challengeWord2: 0x6c,
                 R.challengeWord3: 0x09, R.challengeWord4: 0x54, R.challengeWord5: 0x78,
                 R.undocumentedA2: 0x02, R.undocumentedA7: 0x00, R.undocumentedB6: 0x26,
                 R.undocumentedB7: 0x1a, R.ctrl1: 0x04]),
        R.write([R.imageControl: 0x23, R.startColumn: 0x10, R.endColumn: 0x1f,        // #2839
                 R.channelGain: 0x00, R.adReferenceHigh: 0x70, R.adReferenceLow: 0x20,
                 R.ctrl2: 0x04, R.lowPowerOnTime: 0x00]),
        R.read(AES2501Reply.captureSetupLength),                                      // #2840
        R.write([R.imageControl: 0x23, R.startColumn: 0x10, R.endColumn: 0x1f,        // #2841
                 R.channelGain: 0x03, R.adReferenceHigh: 0x70, R.adReferenceLow: 0x20,
                 R.ctrl2: 0x04]),
        R.read(AES2501Reply.captureSetupLength),                                      // #2842
    ]

    /// Phase D, one strip (#2843–#2844, repeated): image + histogram + registers, full width,
    /// gain 16×/2×, the current ADREFHI, one scan; then the 1705-byte reply.
    static func strip(adReferenceHigh: UInt8) -> [USBStep] {
        [
            R.write([R.imageControl: 0x22, R.startColumn: 0x00, R.endColumn: 0x2f,
                     R.channelGain: 0x03, R.adReferenceHigh: adReferenceHigh,
                     R.adReferenceLow: 0x20, R.ctrl2: 0x04]),
            R.read(AES2501Reply.stripLength),
        ]
    }
}
