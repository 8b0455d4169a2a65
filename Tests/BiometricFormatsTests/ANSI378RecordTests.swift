import BiometricFormats
import Testing
import FingerprintSynthesis

@Suite struct ANSI378RecordTests {
    @Test func readsAHandBuiltRecord() throws {
        let record = try ANSI378Record.decode(TemplateSamples.smallANSIRecord)
        #expect(record.imageWidth == 300 && record.imageHeight == 400 && record.productIdentifier == nil)
        let view = try #require(record.views.first)
        #expect(view.finger == .rightIndex && view.quality == 60)
        let unit = 2 * Double.pi / 180
        #expect(view.minutiae[0].kind == .bifurcation && view.minutiae[0].direction == Double(75) * unit)
        #expect(view.minutiae[1].kind == .ending && view.minutiae[1].direction == Double(166) * unit)
        #expect(view.minutiae[1].quality == 50)
    }

    @Test func convertsTheHandBuiltISORecordToTheHandBuiltANSIRecord() throws {
        let record = try ISO19794Record.decode(TemplateSamples.smallISORecord)
        #expect(try ANSI378Record.encode(record) == TemplateSamples.smallANSIRecord)
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func randomRecordsRoundTrip(seed: UInt64) throws {
        let record = TemplateSamples.record(unitsPerCircle: 180, seed: seed,
                                            withProductIdentifier: seed % 2 == 0)
        let bytes = try ANSI378Record.encode(record)
        #expect(try ANSI378Record.decode(bytes) == record)
        #expect(try ANSI378Record.encode(ANSI378Record.decode(bytes)) == bytes)
        #expect(Int(bytes[8]) << 8 | Int(bytes[9]) == bytes.count)
    }

    @Test func writesTheProductIdentifierAndEquipment() throws {
        var record = try ANSI378Record.decode(TemplateSamples.smallANSIRecord)
        record.productIdentifier = CBEFFProductIdentifier(owner: 0x0033, type: 0x1234)
        record.captureEquipment = CaptureEquipment(certificationFlags: 0x8, deviceType: 0x0ABC)
        let bytes = try ANSI378Record.encode(record)
        #expect(Array(bytes[10..<16]) == [0x00, 0x33, 0x12, 0x34, 0x8A, 0xBC])
        #expect(try ANSI378Record.decode(bytes) == record)
    }

    @Test func recordsAbove64KiBUseTheSixByteLength() throws {
        var generator = SplitMix64(seed: 99)
        let view = FingerView(minutiae: (0..<255).map { _ in
            TemplateSamples.minutia(unitsPerCircle: 180, using: &generator)
        })
        let record = MinutiaeRecord(imageWidth: 500, imageHeight: 500, resolution: .dpi500,
                                    views: Array(repeating: view, count: 43))
        let bytes = try ANSI378Record.encode(record)
        #expect(bytes.count == 30 + 43 * (4 + 255 * 6 + 2))
        #expect(bytes[8] == 0 && bytes[9] == 0)
        #expect(Int(bytes[10]) << 24 | Int(bytes[11]) << 16 | Int(bytes[12]) << 8 | Int(bytes[13]) == bytes.count)
        #expect(TemplateFormat.detect(bytes) == .ansi)
        #expect(try ANSI378Record.decode(bytes) == record)
        // One view fewer fits the 2-byte length and the 26-byte header.
        let smaller = try ANSI378Record.encode(MinutiaeRecord(
            imageWidth: 500, imageHeight: 500, resolution: .dpi500, views: Array(repeating: view, count: 42)))
        #expect(smaller.count == 26 + 42 * 1536 && TemplateFormat.detect(smaller) == .ansi)
    }

    /// ISO angles (1.40625°) and ANSI angles (2°) share only multiples of 90°, so ISO → ANSI → ISO
    /// moves an angle by at most one ISO unit; everything else is equal, and a second trip is exact.
    @Test(arguments: 0..<30 as Range<UInt64>)
    func isoToANSIToISOKeepsTheRecord(seed: UInt64) throws {
        let original = try ISO19794Record.decode(
            ISO19794Record.encode(TemplateSamples.record(unitsPerCircle: 256, seed: 1000 + seed)))
        let once = try ISO19794Record.decode(ISO19794Record.encode(
            ANSI378Record.decode(ANSI378Record.encode(original))))
        #expect(withoutDirections(once) == withoutDirections(original))
        for (a, b) in zip(original.views.flatMap(\.minutiae), once.views.flatMap(\.minutiae)) {
            #expect(angularDistance(a.direction, b.direction) <= 2 * .pi / 256 + 1e-12)
        }
        let twice = try ISO19794Record.decode(ISO19794Record.encode(
            ANSI378Record.decode(ANSI378Record.encode(once))))
        #expect(twice == once)
    }

    @Test(arguments: 0..<30 as Range<UInt64>)
    func ansiToISOToANSIIsByteExact(seed: UInt64) throws {
        let ansi = try ANSI378Record.encode(TemplateSamples.record(unitsPerCircle: 180, seed: 2000 + seed))
        let iso = try ISO19794Record.encode(ANSI378Record.decode(ansi))
        #expect(try ANSI378Record.encode(ISO19794Record.decode(iso)) == ansi)
    }

    @Test func angleAbove179IsRejected() {
        var bytes = TemplateSamples.smallANSIRecord
        bytes[26 + 4 + 4] = 180
        #expect {
            try ANSI378Record.decode(bytes)
        } throws: { error in
            error as? TemplateError == .invalidField(format: .ansi, field: "finger view 1 minutia 1 angle",
                                                     offset: 34, value: 180, allowed: "0–179")
        }
    }

    private func withoutDirections(_ record: MinutiaeRecord) -> MinutiaeRecord {
        var copy = record
        for v in copy.views.indices {
            for m in copy.views[v].minutiae.indices { copy.views[v].minutiae[m].direction = 0 }
        }
        return copy
    }
}
