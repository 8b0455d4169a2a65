import BiometricFormats
import FingerprintSynthesis

/// Random records whose every value is exactly representable in a given angle unit, so that
/// decode(encode(record)) == record holds exactly.
enum TemplateSamples {
    /// A minutia at whole pixels with a direction that is a whole number of `unitsPerCircle`.
    static func minutia(unitsPerCircle: Int, maximumCoordinate: Int = 0x3FFF,
                        using generator: inout SplitMix64) -> Minutia {
        let code = Int.random(in: 0..<unitsPerCircle, using: &generator)
        return Minutia(x: Double(Int.random(in: 0...maximumCoordinate, using: &generator)),
                       y: Double(Int.random(in: 0...maximumCoordinate, using: &generator)),
                       direction: Double(code) * (2 * .pi / Double(unitsPerCircle)),
                       kind: Minutia.Kind.allCases.randomElement(using: &generator)!,
                       quality: Int.random(in: 0...100, using: &generator))
    }

    static func view(unitsPerCircle: Int, maximumMinutiae: Int = 80,
                     using generator: inout SplitMix64) -> FingerView {
        let count = Int.random(in: 0...maximumMinutiae, using: &generator)
        let extended = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
            ExtendedDataBlock(typeCode: UInt16.random(in: 0...3, using: &generator),
                              data: (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                                  UInt8.random(in: 0...255, using: &generator)
                              })
        }
        let position = UInt8.random(in: 0...10, using: &generator)
        var view = FingerView(
            viewNumber: Int.random(in: 0...15, using: &generator),
            impression: ImpressionType(rawValue: [0, 1, 2, 3, 8].randomElement(using: &generator)!),
            quality: Int.random(in: 0...100, using: &generator),
            minutiae: (0..<count).map { _ in
                minutia(unitsPerCircle: unitsPerCircle, using: &generator)
            },
            extendedData: extended)
        view.fingerPosition = position
        return view
    }

    static func record(unitsPerCircle: Int, seed: UInt64, maximumViews: Int = 3,
                       withProductIdentifier: Bool = false) -> MinutiaeRecord {
        var generator = SplitMix64(seed: seed)
        let views = (0..<Int.random(in: 1...maximumViews, using: &generator)).map { _ in
            view(unitsPerCircle: unitsPerCircle, using: &generator)
        }
        let product = withProductIdentifier
            ? CBEFFProductIdentifier(owner: UInt16.random(in: 1...0xFFFF, using: &generator),
                                     type: UInt16.random(in: 0...0xFFFF, using: &generator))
            : nil
        return MinutiaeRecord(
            imageWidth: Int.random(in: 0...65535, using: &generator),
            imageHeight: Int.random(in: 0...65535, using: &generator),
            resolution: ScanResolution(
                xPixelsPerCentimetre: Int.random(in: 1...65535, using: &generator),
                yPixelsPerCentimetre: Int.random(in: 1...65535, using: &generator)),
            captureEquipment: CaptureEquipment(
                certificationFlags: UInt8.random(in: 0...15, using: &generator),
                deviceType: UInt16.random(in: 0...0xFFF, using: &generator)),
            productIdentifier: product, views: views)
    }

    /// One small single-view ISO record, hand-built byte by byte (not by the codec under test):
    /// 300×400 at 197 px/cm, right index, quality 60, a bifurcation and a ridge ending from the
    /// vendor record FVC2002_DB1_B/101_1.iso, no extended data. 42 bytes.
    static let smallISORecord: [UInt8] = [
        0x46, 0x4D, 0x52, 0x00, 0x20, 0x32, 0x30, 0x00,  // "FMR\0", " 20\0"
        0x00, 0x00, 0x00, 0x2A,                          // record length 42
        0x00, 0x00,                                      // capture equipment
        0x01, 0x2C, 0x01, 0x90,                          // 300 × 400 pixels
        0x00, 0xC5, 0x00, 0xC5,                          // 197 × 197 px/cm
        0x01, 0x00,                                      // 1 view, reserved
        0x02, 0x00, 0x3C, 0x02,                          // right index, view 0 live plain, q 60, 2 minutiae
        0x80, 0xA5, 0x00, 0x30, 0x6B, 0x00,              // bifurcation (165, 48), angle 107, q 0
        0x40, 0x94, 0x00, 0x35, 0xEC, 0x32,              // ending (148, 53), angle 236, q 50
        0x00, 0x00,                                      // no extended data
    ]

    /// ``smallISORecord`` in ANSI INCITS 378-2004, hand-built: 26-byte header with a zero
    /// product identifier, angles in 2° units (107 × 1.40625° = 150.47° → 75; 236 → 166).
    static let smallANSIRecord: [UInt8] = [
        0x46, 0x4D, 0x52, 0x00, 0x20, 0x32, 0x30, 0x00,  // "FMR\0", " 20\0"
        0x00, 0x2C,                                      // record length 44
        0x00, 0x00, 0x00, 0x00,                          // CBEFF product identifier
        0x00, 0x00,                                      // capture equipment
        0x01, 0x2C, 0x01, 0x90,                          // 300 × 400 pixels
        0x00, 0xC5, 0x00, 0xC5,                          // 197 × 197 px/cm
        0x01, 0x00,                                      // 1 view, reserved
        0x02, 0x00, 0x3C, 0x02,
        0x80, 0xA5, 0x00, 0x30, 0x4B, 0x00,              // angle 75 × 2° = 150°
        0x40, 0x94, 0x00, 0x35, 0xA6, 0x32,              // angle 166 × 2° = 332°
        0x00, 0x00,
    ]
}
