import Fingerprint
import Testing

/// Templates of either origin scored against each other: a record written from pbtool's own
/// extraction must compare like the extraction.
@Suite struct EvaluationTemplateTests {
    private static let features = ProtocolScoresTests.features

    private static func record(_ features: FingerprintFeatures, device: UInt16 = 0) -> MinutiaeRecord {
        var record = MinutiaeRecord(imageWidth: features.width, imageHeight: features.height,
                                    resolution: ScanResolution(dpi: features.dpi), minutiae: features.minutiae)
        record.captureEquipment = CaptureEquipment(deviceType: device)
        return record
    }

    @Test func originsFollowTheRecordHeader() {
        #expect(EvaluationTemplate(Self.features[0]).origin == .pbtool)
        #expect(EvaluationTemplate(Self.record(Self.features[0])).origin == .unknown)
        #expect(TemplateOrigin(Self.record(Self.features[0], device: 0x123)) == .reported(deviceType: 0x123, product: nil))
        var ansi = Self.record(Self.features[0])
        ansi.productIdentifier = CBEFFProductIdentifier(owner: 0x31, type: 1)
        #expect(TemplateOrigin(ansi).label == "device 0x0, product 0x31/0x1")
    }

    @Test(arguments: Threshold.Matcher.allCases)
    func mixedPairsSeparateTheFingers(matcher: Threshold.Matcher) throws {
        let own = Self.features.map { EvaluationTemplate($0) }
        let records = Self.features.map { EvaluationTemplate(Self.record($0)) }
        for (probes, references) in [(own, records), (records, own)] {
            let scores = ProtocolScores.scored(probes: probes, references: references, fvc: ProtocolScoresTests.fvc,
                                               matcher: matcher)
            #expect(scores.genuine.count == 1 && scores.allImpostor.count == 2)
            #expect(scores.genuine[0] > scores.allImpostor.max()!, "\(matcher): \(scores)")
        }
    }

    /// Own-versus-own through ``ProtocolScores/scored(probes:references:fvc:matcher:progress:)`` is what
    /// the feature entry points give.
    @Test func ownScoresMatchTheFeatureEntryPoints() {
        let own = Self.features.map { EvaluationTemplate($0) }
        let fvc = ProtocolScoresTests.fvc
        #expect(ProtocolScores.scored(probes: own, references: own, fvc: fvc, matcher: .host) == .host(Self.features, fvc: fvc))
        #expect(ProtocolScores.scored(probes: own, references: own, fvc: fvc, matcher: .card) == .card(Self.features, fvc: fvc))
    }

    /// A record that states four times its resolution packs its minutiae 16 times tighter: every
    /// pair holding it scores 0 as a decision sees it, and no other pair changes.
    @Test func decisionsRefuseImplausibleRecords() {
        var squeezed = Self.record(Self.features[1])
        squeezed.resolution = ScanResolution(dpi: Self.features[1].dpi * 4)
        let templates = [EvaluationTemplate(Self.record(Self.features[0])), EvaluationTemplate(squeezed),
                         EvaluationTemplate(Self.record(Self.features[2]))]
        #expect(templates.map(\.isPlausible) == [true, false, true])
        let fvc = ProtocolScoresTests.fvc
        let raw = ProtocolScores.scored(probes: templates, references: templates, fvc: fvc, matcher: .host)
        let decided = raw.refusingImplausible(probes: templates, references: templates, fvc: fvc)
        for (pairs, rawScores, decidedScores) in [(fvc.genuinePairs, raw.genuine, decided.genuine),
                                                  (fvc.allImpostorPairs, raw.allImpostor, decided.allImpostor)] {
            for (pair, (before, after)) in zip(pairs, zip(rawScores, decidedScores)) {
                #expect(after == ([pair.probe, pair.candidate].contains(1) ? 0 : before))
            }
        }
        #expect(decided.allImpostor.contains { $0 > 0 })
    }
}

