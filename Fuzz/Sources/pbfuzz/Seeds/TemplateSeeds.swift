import Fingerprint
import FingerprintSynthesis

/// Starting inputs for the template targets: the hand-built 2-minutia record of
/// Tests/FingerprintTests/Templates/TemplateSamples.swift, and seeded random records written by
/// the codecs (several views, extended data, many minutiae), as the round-trip tests build them.
enum TemplateSeeds {
    static var iso: [FuzzSeed] {
        [FuzzSeed("small-hand-built", smallISORecord)]
            + records.enumerated().compactMap { index, record in
                (try? ISO19794Record.encode(record)).map { FuzzSeed("random\(index)", $0) }
            }
    }

    static var ansi: [FuzzSeed] {
        records.enumerated().compactMap { index, record in
            (try? ANSI378Record.encode(record)).map { FuzzSeed("random\(index)", $0) }
        }
    }

    static var compact: [FuzzSeed] {
        records.enumerated().compactMap { index, record in
            (try? record.encoded(as: .compactCard)).map { FuzzSeed("random\(index)", $0) }
        } + [FuzzSeed("empty", [])]
    }

    /// Host templates of two synthetic fingers, as the extractor writes them.
    static var host: [FuzzSeed] {
        let parameters = SynthesisParameters(width: 240, height: 240)
        let extractor = FeatureExtractor()
        return [(21, FingerprintClass.whorl), (22, .leftLoop)].compactMap { seed, fingerClass in
            let master = MasterFingerprint.generate(seed: UInt64(seed), fingerClass: fingerClass, parameters: parameters)
            let features = extractor.extract(master.impression(seed: 1, parameters: parameters).image)
            return (try? HostTemplate(features).encoded()).map { FuzzSeed("synthetic-\(fingerClass)", $0) }
        }
    }

    /// 300×400 at 197 px/cm, right index, a bifurcation and a ridge ending (42 bytes).
    static let smallISORecord: [UInt8] = [
        0x46, 0x4D, 0x52, 0x00, 0x20, 0x32, 0x30, 0x00, 0x00, 0x00, 0x00, 0x2A, 0x00, 0x00,
        0x01, 0x2C, 0x01, 0x90, 0x00, 0xC5, 0x00, 0xC5, 0x01, 0x00, 0x02, 0x00, 0x3C, 0x02,
        0x80, 0xA5, 0x00, 0x30, 0x6B, 0x00, 0x40, 0x94, 0x00, 0x35, 0xEC, 0x32, 0x00, 0x00,
    ]

    /// Three records: one view with few minutiae, two views with extended data, one view with
    /// 70 minutiae (more than a card takes, so preparation prunes).
    static var records: [MinutiaeRecord] {
        var random = SplitMix64(seed: 0x7062_746F_6F6C)
        func view(_ finger: UInt8, minutiae count: Int, extended: [ExtendedDataBlock] = []) -> FingerView {
            FingerView(finger: Finger(isoPosition: Int(finger)), viewNumber: 0, impression: .livePlain,
                       quality: 60, minutiae: (0..<count).map { _ in
                           Minutia(x: Double(random.next() % 480), y: Double(random.next() % 560),
                                   direction: Double(random.next() % 256) * (2 * .pi / 256),
                                   kind: random.next() % 2 == 0 ? .ending : .bifurcation,
                                   quality: Int(random.next() % 101))
                       }, extendedData: extended)
        }
        let resolution = ScanResolution(xPixelsPerCentimetre: 197, yPixelsPerCentimetre: 197)
        return [
            MinutiaeRecord(imageWidth: 300, imageHeight: 400, resolution: resolution, views: [view(2, minutiae: 5)]),
            MinutiaeRecord(imageWidth: 388, imageHeight: 374, resolution: resolution, views: [
                view(7, minutiae: 12, extended: [ExtendedDataBlock(typeCode: 1, data: [0x00, 0x01, 0x02, 0x05])]),
                view(8, minutiae: 3, extended: [ExtendedDataBlock(typeCode: 2, data: [0x00, 0x10, 0x20, 0x40, 0x80])]),
            ]),
            MinutiaeRecord(imageWidth: 480, imageHeight: 560, resolution: resolution, views: [view(1, minutiae: 70)]),
        ]
    }
}
