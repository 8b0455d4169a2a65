import Biometry
import Fingerprint
import Foundation
import Sensors
import SimulatedSensors
import TemplateStore

/// The identification half of ``BiometryBench``: 10,000 templates in an encrypted store,
/// derived from a few synthetic fingers by random rotations and shifts (so every template has a
/// real finger's minutia count and layout), then one probe searched against all of them.
struct BiometryGalleryBench {
    let parameters: BiometryBench.Parameters

    func record(_ report: BenchReport, engine: RecognitionEngine, scratch: BenchScratch) async throws {
        let references = HostReferences(database: try scratch.store("gallery"), engine: engine)
        let sources = try sourceFeatures(engine)
        try fill(references, from: sources)
        let clock = ContinuousClock()
        let readStart = clock.now
        let records = try HostGallery.records(in: references)
        let read = clock.now - readStart
        let prepareStart = clock.now
        let gallery = try HostGallery(records: records)
        let sketched = clock.now - prepareStart
        let loaded = read + sketched
        let probe = try BiometryBench.features(
            of: try SimulatedSource.synthetic(seed: 1).images(impressions: (parameters.galleryImpressions + 1)...(parameters.galleryImpressions + 1))[0],
            engine: engine)
        let prepared = engine.prepare(probe)
        let rankStart = clock.now
        let shortlist = gallery.shortlist(for: prepared)
        let ranked = clock.now - rankStart
        let searchStart = clock.now
        let candidates = gallery.identify(prepared, engine: engine, top: 3)
        let searched = clock.now - searchStart
        report.note("gallery: \(gallery.entries.count) templates; best candidate \(candidates.first.map { "\($0.user)" } ?? "none")")
        report.record("identify: rank \(gallery.entries.count) templates by sketch (all cores)", (ranked / .milliseconds(1)), unit: "ms")
        report.record("identify: search = rank + compare the best \(shortlist.count) in full (all cores)", (searched / .milliseconds(1)), unit: "ms")
        report.record("identify: read and decrypt \(records.count) templates", (read / .milliseconds(1)), unit: "ms")
        report.record("identify: decode and sketch \(gallery.entries.count) templates (all cores)", (sketched / .milliseconds(1)), unit: "ms")
        recordUnitCosts(report, gallery: gallery, probe: prepared)
        recordExhaustiveSearch(report, gallery: gallery, probe: prepared, engine: engine)
        report.record("identify over \(gallery.entries.count) stored templates: load + search", (loaded + searched) / .seconds(1),
                      unit: "s", target: .atMost(1))
    }

    /// What `pbtool identify --exhaustive` costs: every reference prepared and compared in full.
    private func recordExhaustiveSearch(_ report: BenchReport, gallery: HostGallery, probe: PreparedTemplate,
                                        engine: RecognitionEngine) {
        var everything = HostGallery.Search()
        everything.fullComparisons = .max
        let exhaustive = HostGallery(entries: gallery.entries, search: everything)
        let start = ContinuousClock.now
        let candidates = exhaustive.identify(probe, engine: engine, top: 3)
        report.record("identify --exhaustive: compare all \(gallery.entries.count) in full (all cores)",
                      (ContinuousClock.now - start) / .milliseconds(1), unit: "ms")
        report.note("exhaustive best candidate \(candidates.first.map { "\($0.user)" } ?? "none")")
    }

    /// CPU time of one sketch and one sketch comparison on one core, over the first 1,000 references.
    private func recordUnitCosts(_ report: BenchReport, gallery: HostGallery, probe: PreparedTemplate) {
        let sample = gallery.entries.prefix(1_000)
        let minutiae = sample.reduce(0) { $0 + $1.features.minutiae.count }
        var start = ThreadCPU.milliseconds()
        let sketches = sample.map { NeighbourhoodSketch($0.features) }
        let sketching = (ThreadCPU.milliseconds() - start) / Double(sample.count)
        let sketch = NeighbourhoodSketch(probe)
        start = ThreadCPU.milliseconds()
        let total = sketches.reduce(0) { $0 + sketch.similarity(to: $1) }
        let comparing = (ThreadCPU.milliseconds() - start) / Double(sample.count)
        report.note("one core: sketch \(BenchReport.format(sketching * 1000)) µs, sketch comparison \(BenchReport.format(comparing * 1000)) µs"
                    + " (\(minutiae / max(1, sample.count)) minutiae per template, probe \(probe.minutiaCount); mean similarity \(BenchReport.format(total / Double(sample.count))))")
    }

    /// Features of every impression of every source finger (one simulated swipe each).
    private func sourceFeatures(_ engine: RecognitionEngine) throws -> [FingerprintFeatures] {
        try (1...parameters.galleryFingers).flatMap { finger in
            try SimulatedSource.synthetic(seed: UInt64(finger)).images(impressions: 1...parameters.galleryImpressions)
                .map { try BiometryBench.features(of: $0, engine: engine) }
        }
    }

    /// One template per user, `gallerySize` users, in one transaction.
    private func fill(_ references: HostReferences, from sources: [FingerprintFeatures]) throws {
        var generator = SystemRandomNumberGenerator()
        try references.database.writeBatch {
            for index in 0..<parameters.gallerySize {
                let moved = Self.moved(sources[index % sources.count], using: &generator)
                try references.enroll(moved, finger: .rightIndex, user: "user-\(index)", replacing: false)
            }
        }
    }

    /// The features turned by up to ±20° about the image centre and shifted by up to ±20 pixels,
    /// minutiae that leave the image dropped.
    static func moved(_ features: FingerprintFeatures, using generator: inout SystemRandomNumberGenerator) -> FingerprintFeatures {
        let angle = Double.random(in: -(Double.pi / 9)...(Double.pi / 9), using: &generator)
        let shiftX = Double.random(in: -20...20, using: &generator), shiftY = Double.random(in: -20...20, using: &generator)
        let centreX = Double(features.width) / 2, centreY = Double(features.height) / 2
        var moved = features
        moved.minutiae = features.minutiae.compactMap { minutia in
            let dx = minutia.x - centreX, dy = minutia.y - centreY
            let x = centreX + cos(angle) * dx - sin(angle) * dy + shiftX
            let y = centreY + sin(angle) * dx + cos(angle) * dy + shiftY
            guard x >= 0, y >= 0, x < Double(features.width), y < Double(features.height) else { return nil }
            // Turning the points clockwise on screen (y points down) turns directions the same way.
            var direction = (minutia.direction - angle).truncatingRemainder(dividingBy: 2 * .pi)
            if direction < 0 { direction += 2 * .pi }
            return Minutia(x: x, y: y, direction: direction, kind: minutia.kind, quality: minutia.quality)
        }
        return moved
    }
}
