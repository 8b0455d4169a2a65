import BiometricFormats
import Testing
import FingerprintSynthesis

@Suite struct CompactCardPreparationTests {
    /// At 100 px/cm one pixel is exactly 0.1 mm, so card units equal pixels.
    static let oneToOne = ScanResolution(xPixelsPerCentimetre: 100, yPixelsPerCentimetre: 100)

    /// A minutia whose stored compact angle is `angle`.
    static func minutia(_ x: Double, _ y: Double, _ kind: Minutia.Kind = .bifurcation,
                        angle: Int = 0, quality: Int = 50) -> Minutia {
        Minutia(x: x, y: y, direction: Double(angle) * (2 * .pi / 64), kind: kind, quality: quality)
    }

    static func prepare(_ minutiae: [Minutia], minimum: Int = 0, maximum: Int = 255,
                        order: MinutiaeOrder = .unordered) -> CompactCardPreparation {
        CompactCardTemplate.prepare(minutiae, resolution: oneToOne,
                                    for: CardMinutiaeRequirements(minimumCount: minimum,
                                                                  maximumCount: maximum, order: order))
    }

    @Test func belowTheMinimumIsAnOutcomeNotAnError() {
        let eleven = (0..<11).map { Self.minutia(Double($0 * 10), 5) }
        #expect(CompactCardTemplate.prepare(eleven, resolution: Self.oneToOne, for: .pbISO)
                == .tooFewMinutiae(usable: 11, minimum: 12))
        // Minutiae outside the card area do not count towards the minimum.
        let twelve = eleven + [Self.minutia(300, 5)]
        #expect(CompactCardTemplate.prepare(twelve, resolution: Self.oneToOne, for: .pbISO)
                == .tooFewMinutiae(usable: 11, minimum: 12))
    }

    @Test func truncatesToTheMaximumByQuality() throws {
        var generator = SplitMix64(seed: 11)
        let qualities = Array(1...70).shuffled(using: &generator)
        let minutiae = qualities.enumerated().map { index, quality in
            Self.minutia(Double(index * 3), Double(index), quality: quality)
        }
        guard case let .ready(template, omitted) = CompactCardTemplate.prepare(
            minutiae, resolution: Self.oneToOne, for: .pbISO) else {
            Issue.record("expected a template")
            return
        }
        #expect(template.minutiae.count == 60 && omitted == .init(outsideCardArea: 0, overMaximum: 10))
        let kept = Set(template.minutiae.map(\.y))
        let expected = Set(minutiae.filter { $0.quality > 10 }.map { UInt8($0.y) })
        #expect(kept == expected)
    }

    @Test func equalQualityRemovesTheFarthestFromTheCentreFirst() {
        let minutiae = [Self.minutia(100, 100), Self.minutia(110, 100), Self.minutia(100, 110),
                        Self.minutia(110, 110), Self.minutia(200, 200)]
        let kept = Self.prepare(minutiae, maximum: 4).template?.minutiae.map { [$0.x, $0.y] }
        #expect(kept == [[100, 100], [110, 100], [100, 110], [110, 110]])
    }

    @Test func equalDistanceRemovesRidgeEndingsFirstThenTheLargestAngle() {
        let centre = Self.minutia(100, 100)
        let ending = Self.minutia(90, 100, .ending, angle: 2)
        let bifurcation = Self.minutia(110, 100, .bifurcation, angle: 5)
        #expect(Self.prepare([centre, ending, bifurcation], maximum: 2).template?.minutiae.map(\.kind)
                == [.bifurcation, .bifurcation])
        let small = Self.minutia(90, 100, angle: 3), large = Self.minutia(110, 100, angle: 40)
        #expect(Self.prepare([centre, large, small], maximum: 2).template?.minutiae.map(\.angle) == [0, 3])
    }

    @Test func sortsPerTheOrderByte() throws {
        var generator = SplitMix64(seed: 5)
        let minutiae = (0..<40).map { _ in
            Self.minutia(Double(Int.random(in: 0...60, using: &generator)),
                         Double(Int.random(in: 0...60, using: &generator)),
                         angle: Int.random(in: 0...63, using: &generator))
        }
        func sorted(_ order: MinutiaeOrder) throws -> [CompactCardMinutia] {
            try #require(Self.prepare(minutiae, order: order).template).minutiae
        }
        let xy = try sorted(.cartesianXYAscending)
        #expect(zip(xy, xy.dropFirst()).allSatisfy { ($0.x, $0.y) <= ($1.x, $1.y) })
        #expect(try sorted(.cartesianXYDescending) == xy.reversed())
        let yx = try sorted(.cartesianYXAscending)
        #expect(zip(yx, yx.dropFirst()).allSatisfy { ($0.y, $0.x) <= ($1.y, $1.x) })
        #expect(try sorted(.cartesianYXDescending) == yx.reversed())
        let angle = try sorted(.angleAscending)
        #expect(zip(angle, angle.dropFirst()).allSatisfy { $0.angle <= $1.angle })
        #expect(try sorted(.angleDescending) == angle.reversed())
        let polar = try sorted(.polarAscending)
        let cx = Double(polar.map { Int($0.x) }.reduce(0, +)) / 40
        let cy = Double(polar.map { Int($0.y) }.reduce(0, +)) / 40
        let distances = polar.map { (Double($0.x) - cx) * (Double($0.x) - cx) + (Double($0.y) - cy) * (Double($0.y) - cy) }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
        #expect(try sorted(.polarDescending) == polar.reversed())
        let unordered = try sorted(.unordered)
        #expect(unordered.map(\.x) == minutiae.map { UInt8($0.x) })
    }

    @Test func orderBytesDecodeAsTheStandardSays() {
        #expect(MinutiaeOrder(rawValue: 0x05) == .cartesianXYAscending)
        #expect(MinutiaeOrder(rawValue: 0x05).criterion == .cartesianXY)
        #expect(MinutiaeOrder(rawValue: 0x0A).criterion == .cartesianYX && MinutiaeOrder(rawValue: 0x0A).direction == .descending)
        #expect(MinutiaeOrder(rawValue: 0x0D).criterion == .angle)
        #expect(MinutiaeOrder(rawValue: 0x12).criterion == .polar)
        #expect(MinutiaeOrder(rawValue: 0x25).criterion == .cartesianXY)   // 20: vendor extension bit, ignored
        #expect(MinutiaeOrder(rawValue: 0x1C).criterion == .unrecognized(0x1C))
        #expect(MinutiaeOrder(rawValue: 0x1C).description == "unsupported order byte 1C")
    }

    @Test func unknownOrderIsAnOutcome() {
        let minutiae = (0..<20).map { Self.minutia(Double($0), 5) }
        #expect(Self.prepare(minutiae, order: MinutiaeOrder(rawValue: 0x19))
                == .unsupportedOrder(MinutiaeOrder(rawValue: 0x19)))
    }

    @Test func countsMinutiaeOutsideTheCardArea() {
        let minutiae = [Self.minutia(10, 10), Self.minutia(256, 10), Self.minutia(10, 300)]
        guard case let .ready(template, omitted) = Self.prepare(minutiae) else {
            Issue.record("expected a template")
            return
        }
        #expect(template.minutiae.count == 1 && omitted.outsideCardArea == 2 && omitted.overMaximum == 0)
    }

    @Test func preparesARecordAtItsOwnResolution() throws {
        let record = try ISO19794Record.decode(TemplateSamples.smallISORecord)
        let template = try #require(CompactCardTemplate.prepare(record, for: .unconstrained).template)
        // (165, 48) px at 197 px/cm = (8.38, 2.44) mm; (148, 53) px = (7.51, 2.69) mm.
        #expect(template.minutiae.map { [$0.x, $0.y] } == [[84, 24], [75, 27]])
        let empty = MinutiaeRecord(imageWidth: 1, imageHeight: 1, resolution: .dpi500, views: [])
        #expect(CompactCardTemplate.prepare(empty, for: .pbISO) == .tooFewMinutiae(usable: 0, minimum: 12))
    }
}
