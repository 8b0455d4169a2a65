import BiometricFormats
import Testing

@Suite struct TemplateFormatTests {
    @Test func detectsEachFormat() throws {
        #expect(TemplateFormat.detect(TemplateSamples.smallISORecord) == .iso)
        #expect(TemplateFormat.detect(TemplateSamples.smallANSIRecord) == .ansi)
        #expect(TemplateFormat.detect([0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97]) == .compactCard)
        #expect(TemplateFormat.detect(TemplateFormat.hostIdentifier + [0, 1, 2]) == .host)
    }

    @Test func rejectsWhatFitsNoFormat() {
        #expect(TemplateFormat.detect([]) == nil)
        #expect(TemplateFormat.detect([0x64, 0x50]) == nil)            // not a multiple of 3
        #expect(TemplateFormat.detect([0x64, 0x50, 0xC0]) == nil)      // reserved type 11
        #expect(throws: TemplateError.unrecognizedFormat(prefix: [0x64, 0x50])) {
            try MinutiaeRecord(bytes: [0x64, 0x50])
        }
    }

    @Test(arguments: 0..<25 as Range<UInt64>)
    func isoAndANSIOfTheSameRecordAreNeverConfused(seed: UInt64) throws {
        let record = TemplateSamples.record(unitsPerCircle: 256, seed: 3000 + seed)
        #expect(TemplateFormat.detect(try ISO19794Record.encode(record)) == .iso)
        #expect(TemplateFormat.detect(try ANSI378Record.encode(record)) == .ansi)
    }

    /// When the length field disagrees with the byte count, bytes 8–9 still decide, so the
    /// codec of the right standard reports the problem.
    @Test func truncatedAndPaddedRecordsKeepTheirFormat() {
        let iso = TemplateSamples.smallISORecord, ansi = TemplateSamples.smallANSIRecord
        for cut in 12..<iso.count { #expect(TemplateFormat.detect(iso.prefix(cut)) == .iso) }
        for cut in 10..<ansi.count { #expect(TemplateFormat.detect(ansi.prefix(cut)) == .ansi) }
        #expect(TemplateFormat.detect(iso + [0, 0]) == .iso)
        #expect(TemplateFormat.detect(ansi + [0]) == .ansi)
    }

    @Test func recordInitializerDispatchesOnTheDetectedFormat() throws {
        let fromISO = try MinutiaeRecord(bytes: TemplateSamples.smallISORecord)
        let fromANSI = try MinutiaeRecord(bytes: TemplateSamples.smallANSIRecord)
        #expect(fromISO.minutiae.count == 2 && fromANSI.minutiae.count == 2)
        #expect(try fromISO.encoded(as: .iso) == TemplateSamples.smallISORecord)
        #expect(try fromISO.encoded(as: .ansi) == TemplateSamples.smallANSIRecord)
        let compact = try MinutiaeRecord(bytes: [0x64, 0x50, 0x4A])
        #expect(compact.resolution == .dpi500 && compact.minutiae.count == 1)
        #expect(compact.imageWidth == 505 && compact.imageHeight == 505)  // 25.6 mm at 197 px/cm
        #expect(try compact.encoded(as: .compactCard) == [0x64, 0x50, 0x4A])
        #expect(throws: TemplateError.formatNotConvertible(.host)) {
            try MinutiaeRecord(bytes: TemplateFormat.hostIdentifier + [1])
        }
        #expect(throws: TemplateError.formatNotConvertible(.host)) { try fromISO.encoded(as: .host) }
    }

    @Test func namesMatchTheCommandLineSpelling() {
        #expect(TemplateFormat(rawValue: "iso") == .iso)
        #expect(TemplateFormat(rawValue: "ansi") == .ansi)
        #expect(TemplateFormat(rawValue: "compact") == .compactCard)
        #expect(TemplateFormat(rawValue: "host") == .host)
    }
}
