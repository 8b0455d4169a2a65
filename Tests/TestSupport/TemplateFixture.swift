import Fingerprint
import FingerprintSynthesis

/// Valid minutiae records for tests, made from a seed: the same seed always gives the same bytes.
public enum TemplateFixture {
    /// An ISO/IEC 19794-2 (or ANSI INCITS 378) record of `minutiae` minutiae from `seed`, with
    /// `padding` appended as a vendor extended data block (so a test can choose the size or
    /// plant a marker).
    public static func record(_ format: TemplateFormat = .iso, seed: Int, minutiae count: Int = 30,
                              padding: [UInt8] = []) -> [UInt8] {
        var generator = SplitMix64(seed: UInt64(seed))
        let minutiae = (0..<count).map { _ in
            Minutia(x: Double(20 + generator.next() % 300), y: Double(20 + generator.next() % 300),
                    direction: Double(generator.next() % 360) * .pi / 180,
                    kind: generator.next() % 2 == 0 ? .ending : .bifurcation, quality: 60)
        }
        let extended = padding.isEmpty ? [] : [ExtendedDataBlock(typeCode: 0x0101, data: padding)]
        let view = FingerView(finger: .rightIndex, quality: 60, minutiae: minutiae, extendedData: extended)
        let record = MinutiaeRecord(imageWidth: 400, imageHeight: 400, resolution: ScanResolution(dpi: 500), views: [view])
        // The fixture's values are all in range: encoding cannot fail.
        return try! record.encoded(as: format)
    }

    /// A record of about `size` bytes: the padding is derived from `seed` too.
    public static func record(seed: Int, size: Int) -> [UInt8] {
        let base = record(seed: seed).count + 4
        let padding = (0..<max(0, size - base)).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ seed &* 7) }
        return record(seed: seed, padding: padding)
    }
}
