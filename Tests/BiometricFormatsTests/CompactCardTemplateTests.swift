import BiometricFormats
import Testing
import FingerprintSynthesis

@Suite struct CompactCardTemplateTests {
    /// The worked example of docs/card-formats.md: three compact minutiae.
    static let vector: [UInt8] = [0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97, 0x32, 0x8C, 0x40]
    static let degree = Double.pi / 180

    @Test func decodesTheReferenceVector() throws {
        let template = try CompactCardTemplate(bytes: Self.vector)
        #expect(template.minutiae == [
            CompactCardMinutia(x: 100, y: 80, kind: .ending, angle: 0x0A),        // 10.0 mm, 8.0 mm, 56.25°
            CompactCardMinutia(x: 120, y: 60, kind: .bifurcation, angle: 23),     // 12.0 mm, 6.0 mm, 129.375°
            CompactCardMinutia(x: 50, y: 140, kind: .ending, angle: 0),           // 5.0 mm, 14.0 mm, 0°
        ])
        #expect(template.bytes == Self.vector)
    }

    @Test func placesTheVectorInPixels() throws {
        let minutiae = try CompactCardTemplate(bytes: Self.vector).minutiae(resolution: .dpi500)
        // 10.0 mm at 197 px/cm is 197 px; 8.0 mm is 157.6 px.
        #expect(abs(minutiae[0].x - 197) < 1e-9 && abs(minutiae[0].y - 157.6) < 1e-9)
        // Stored angles and Minutia directions share the standard's convention: units only differ.
        #expect(abs(minutiae[0].direction - 56.25 * Self.degree) < 1e-12)
        #expect(abs(minutiae[1].direction - 129.375 * Self.degree) < 1e-12)
        #expect(abs(minutiae[2].direction) < 1e-12)
        #expect(minutiae.allSatisfy { $0.quality == 0 })
    }

    @Test func encodesPixelMinutiaeToTheReferenceVector() {
        let minutiae = [
            Minutia(x: 197, y: 157.6, direction: 56.25 * Self.degree, kind: .ending, quality: 40),
            Minutia(x: 236.4, y: 118.2, direction: 129.375 * Self.degree, kind: .bifurcation),
            Minutia(x: 98.5, y: 275.8, direction: 0, kind: .ending),
        ]
        let preparation = CompactCardTemplate.prepare(minutiae, resolution: .dpi500, for: .unconstrained)
        #expect(preparation.template?.bytes == Self.vector)
    }

    @Test func anglesRoundToTheNearestUnitAndWrap() {
        // 358° is closer to 0° than to 354.375° (docs/card-formats.md: wrap, do not clamp to 63).
        let nearlyFull = Minutia(x: 0, y: 0, direction: 358 * Self.degree, kind: .bifurcation)
        #expect(CompactCardMinutia(nearlyFull, resolution: .dpi500)?.angle == 0)
        let between = Minutia(x: 0, y: 0, direction: 8 * Self.degree, kind: .bifurcation)
        #expect(CompactCardMinutia(between, resolution: .dpi500)?.angle == 1)
        let halfTurn = Minutia(x: 0, y: 0, direction: .pi, kind: .ending)
        #expect(CompactCardMinutia(halfTurn, resolution: .dpi500)?.angle == 32)
    }

    @Test func leavesOutWhatTheFormatCannotReach() {
        // 25.5 mm is the last position; at 197 px/cm that is 502.35 px.
        #expect(CompactCardMinutia(Minutia(x: 502, y: 0, direction: 0, kind: .ending), resolution: .dpi500)?.x == 255)
        #expect(CompactCardMinutia(Minutia(x: 504, y: 0, direction: 0, kind: .ending), resolution: .dpi500) == nil)
        #expect(CompactCardMinutia(Minutia(x: -2, y: 0, direction: 0, kind: .ending), resolution: .dpi500) == nil)
        #expect(CompactCardMinutia(Minutia(x: 1, y: .nan, direction: 0, kind: .ending), resolution: .dpi500) == nil)
        #expect(CompactCardMinutia(Minutia(x: 1, y: 1, direction: .infinity, kind: .ending), resolution: .dpi500) == nil)
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func randomTemplatesRoundTrip(seed: UInt64) throws {
        var generator = SplitMix64(seed: 4000 + seed)
        let bytes = (0..<Int.random(in: 0...80, using: &generator)).flatMap { _ in
            [UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
             UInt8.random(in: 0...2, using: &generator) << 6 | UInt8.random(in: 0...63, using: &generator)]
        }
        let template = try CompactCardTemplate(bytes: bytes)
        #expect(template.bytes == bytes)
        // Through pixels and back at several resolutions, including unequal axes.
        for resolution in [ScanResolution.dpi500, ScanResolution(dpi: 569),
                           ScanResolution(xPixelsPerCentimetre: 150, yPixelsPerCentimetre: 260)] {
            let again = CompactCardTemplate.prepare(template.minutiae(resolution: resolution),
                                                    resolution: resolution, for: .unconstrained)
            #expect(again.template == template)
        }
    }

    @Test func rejectsMalformedBytes() throws {
        #expect(throws: TemplateError.self) { try CompactCardTemplate(bytes: [0x64, 0x50]) }
        #expect {
            try CompactCardTemplate(bytes: [0x64, 0x50, 0x4A, 0x01, 0x02, 0xC5])
        } throws: { error in
            error as? TemplateError == .invalidField(
                format: .compactCard, field: "minutia 2 type", offset: 5, value: 3,
                allowed: "0 other, 1 ridge ending, 2 bifurcation (3 is reserved)")
        }
        for cut in 1..<Self.vector.count where cut % 3 != 0 {
            #expect(throws: TemplateError.self) { try CompactCardTemplate(bytes: Self.vector.prefix(cut)) }
        }
        #expect(try CompactCardTemplate(bytes: []).minutiae.isEmpty)
    }
}
