import BiometricFormats
import Testing
import FingerprintSynthesis

@Suite struct ISO19794RecordTests {
    @Test func readsAHandBuiltRecordFieldByField() throws {
        let record = try ISO19794Record.decode(TemplateSamples.smallISORecord)
        #expect(record.imageWidth == 300 && record.imageHeight == 400)
        #expect(record.resolution == ScanResolution(xPixelsPerCentimetre: 197, yPixelsPerCentimetre: 197))
        #expect(record.captureEquipment == .unreported)
        #expect(record.productIdentifier == nil)
        let view = try #require(record.views.first)
        #expect(record.views.count == 1)
        #expect(view.finger == .rightIndex && view.viewNumber == 0 && view.impression == .livePlain)
        #expect(view.quality == 60 && view.extendedData.isEmpty)

        let unit = 2 * Double.pi / 256
        let bifurcation = view.minutiae[0]
        #expect(bifurcation.kind == .bifurcation && bifurcation.x == 165 && bifurcation.y == 48)
        #expect(bifurcation.direction == Double(107) * unit)
        #expect(bifurcation.quality == 0)
        let ending = view.minutiae[1]
        #expect(ending.kind == .ending && ending.x == 148 && ending.y == 53 && ending.quality == 50)
        #expect(ending.direction == Double(236) * unit)
    }

    @Test func writesTheHandBuiltRecordBackByteForByte() throws {
        let record = try ISO19794Record.decode(TemplateSamples.smallISORecord)
        #expect(try ISO19794Record.encode(record) == TemplateSamples.smallISORecord)
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func randomRecordsRoundTrip(seed: UInt64) throws {
        let record = TemplateSamples.record(unitsPerCircle: 256, seed: seed)
        let bytes = try ISO19794Record.encode(record)
        #expect(try ISO19794Record.decode(bytes) == record)
        #expect(try ISO19794Record.encode(ISO19794Record.decode(bytes)) == bytes)
        let expectedLength = 24 + record.views.reduce(0) { total, view in
            total + 6 + 6 * view.minutiae.count + view.extendedData.reduce(0) { $0 + 4 + $1.data.count }
        }
        #expect(bytes.count == expectedLength)
    }

    @Test func anyDirectionIsWrittenToTheNearestUnit() throws {
        var generator = SplitMix64(seed: 7)
        let unit = 2 * Double.pi / 256
        let minutiae = (0..<200).map { _ in
            Minutia(x: Double.random(in: 0...1000, using: &generator),
                    y: Double.random(in: 0...1000, using: &generator),
                    direction: Double.random(in: -20...20, using: &generator),
                    kind: Minutia.Kind.allCases.randomElement(using: &generator)!)
        }
        let record = MinutiaeRecord(imageWidth: 1001, imageHeight: 1001, resolution: .dpi500,
                                    minutiae: Array(minutiae.prefix(255)))
        let decoded = try ISO19794Record.decode(ISO19794Record.encode(record)).minutiae
        for (original, read) in zip(record.minutiae, decoded) {
            #expect(abs(read.x - original.x) <= 0.5 && abs(read.y - original.y) <= 0.5)
            #expect(angularDistance(read.direction, original.direction) <= unit / 2 + 1e-12)
            #expect(read.direction >= 0 && read.direction < 2 * .pi)
        }
    }

    @Test func directionsAreStoredInTheStandardsUnits() throws {
        // 0, a quarter, a half and three quarters of a turn, for every minutia type.
        for code in [0, 64, 128, 192] {
            let minutiae = Minutia.Kind.allCases.map {
                Minutia(x: 1, y: 1, direction: Double(code) * .pi / 128, kind: $0)
            }
            let record = MinutiaeRecord(imageWidth: 2, imageHeight: 2, resolution: .dpi500, minutiae: minutiae)
            let bytes = try ISO19794Record.encode(record)
            for index in minutiae.indices {
                #expect(bytes[24 + 4 + 6 * index + 4] == UInt8(code))
            }
        }
    }

    @Test func rejectsValuesThatDoNotFit() {
        let good = Minutia(x: 10, y: 10, direction: 0, kind: .ending, quality: 50)
        var cases: [MinutiaeRecord] = []
        for bad in [Minutia(x: 16384, y: 0, direction: 0, kind: .ending),
                    Minutia(x: -1, y: 0, direction: 0, kind: .ending),
                    Minutia(x: .nan, y: 0, direction: 0, kind: .ending),
                    Minutia(x: 0, y: 0, direction: .infinity, kind: .ending),
                    Minutia(x: 0, y: 0, direction: 0, kind: .ending, quality: 101)] {
            cases.append(MinutiaeRecord(imageWidth: 10, imageHeight: 10, resolution: .dpi500,
                                        minutiae: [good, bad]))
        }
        cases.append(MinutiaeRecord(imageWidth: 10, imageHeight: 10, resolution: .dpi500,
                                    minutiae: Array(repeating: good, count: 256)))
        cases.append(MinutiaeRecord(imageWidth: 10, imageHeight: 10, resolution: .dpi500, views: []))
        cases.append(MinutiaeRecord(imageWidth: 70000, imageHeight: 10, resolution: .dpi500, minutiae: []))
        cases.append(MinutiaeRecord(imageWidth: 10, imageHeight: 10,
                                    resolution: ScanResolution(xPixelsPerCentimetre: 0, yPixelsPerCentimetre: 197),
                                    minutiae: []))
        for record in cases {
            #expect(throws: TemplateError.self) { try ISO19794Record.encode(record) }
        }
    }

    @Test func errorsNameTheField() {
        let bad = Minutia(x: 0, y: 0, direction: 0, kind: .ending, quality: 101)
        let record = MinutiaeRecord(imageWidth: 10, imageHeight: 10, resolution: .dpi500, minutiae: [bad])
        #expect {
            try ISO19794Record.encode(record)
        } throws: { error in
            "\(error)".contains("finger view 1 minutia 1 quality") && "\(error)".contains("101")
        }
    }
}

/// The smaller angle between two directions, radians.
func angularDistance(_ a: Double, _ b: Double) -> Double {
    let difference = abs(a - b).truncatingRemainder(dividingBy: 2 * .pi)
    return min(difference, 2 * .pi - difference)
}
