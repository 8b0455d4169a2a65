import Biometry
import Fingerprint
import Foundation
import Imaging
import Sensors
import SimulatedSensors
import SmartCard
import TemplateStore
import VirtualCard

/// The flows' speed (issue 9): from a swipe's last strip to the accept/reject decision on the
/// host (≤ 50 ms) and on the virtual card through pcscd (≤ 60 ms), and 1:N identification over
/// 10,000 stored templates (≤ 1 s). Runs the real controllers with the simulated sensor over
/// 400 × 400 synthetic fingers, as `pbtool verify --sensor sim:synthetic:SEED` does.
struct BiometryBench: BenchSuite {
    static let name = "biometry"
    static let summary = "verification decision time (host, card through pcscd) and 1:N identification over 10,000 templates"

    struct Parameters {
        /// Timed verifications per place (after one untimed warm-up).
        var verifications = 15
        /// Templates in the identification gallery.
        var gallerySize = 10_000
        /// Synthetic fingers and impressions the gallery's templates are derived from.
        var galleryFingers = 10
        var galleryImpressions = 4
        /// The threshold the decisions are taken at: the default FMR 1/10,000 (a decision takes as
        /// long whatever the threshold).
        var threshold = Threshold.forFalseMatchRate(1e-4)
    }

    let parameters = Parameters()

    func run(_ report: BenchReport) async throws {
        let engine = RecognitionEngine(threshold: parameters.threshold)
        report.note("decisions at matcher score \(BenchReport.format(parameters.threshold.score)) (FMR 1/10,000)")
        let scratch = try BenchScratch()
        try await recordHostDecision(report, engine: engine, scratch: scratch)
        try await BiometryCardBench(parameters: parameters).record(report, engine: engine)
        try await BiometryGalleryBench(parameters: parameters).record(report, engine: engine, scratch: scratch)
    }

    /// Verifications of synthetic finger 1 (impression 2) against its enrolled impression 1, in
    /// the template store; the figure is the flow's own `decisionTime`.
    private func recordHostDecision(_ report: BenchReport, engine: RecognitionEngine, scratch: BenchScratch) async throws {
        let references = HostReferences(database: try scratch.store("decision"), engine: engine)
        let enrolled = try SimulatedSource.synthetic(seed: 1).images(impressions: 1...1)
        try references.enroll(try Self.features(of: enrolled[0], engine: engine), finger: .rightIndex, user: "bench", replacing: false)
        let probe = try SimulatedSource.synthetic(seed: 1).images(impressions: 2...2)
        let times = try await Self.decisionTimes(parameters.verifications + 1) { run in
            VerificationController(configuration: .init(user: "bench", fingers: .finger(.rightIndex)),
                                   sensor: SimulatedSensor(images: probe, seed: UInt64(run + 1)), engine: engine,
                                   references: references, verifier: HostVerifier(references: references))
        }
        report.record("host: last strip → decision, median", times.median, unit: "ms", target: .atMost(50))
        report.record("host: last strip → decision, p90", times.percentile90, unit: "ms")
    }

    /// The median and 90th percentile decision time of `count` flows (the first is not counted).
    static func decisionTimes(_ count: Int, _ flow: (Int) throws -> VerificationController) async throws
        -> (median: Double, percentile90: Double) {
        var times: [Double] = []
        for run in 0..<count {
            var decided: Duration?
            for try await event in try flow(run) {
                switch event {
                case .matchAccepted(let report), .matchRejected(let report): decided = report.decisionTime
                default: break
                }
            }
            guard let decided else { throw BenchFailure("verification \(run) ended without a decision") }
            if run > 0 { times.append(decided / .milliseconds(1)) }
        }
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)])
    }

    /// The features of one simulated swipe over `image`.
    static func features(of image: GrayImage, engine: RecognitionEngine) throws -> FingerprintFeatures {
        let sensor = SimulatedSensor(images: [image])
        try sensor.open()
        defer { sensor.close() }
        guard let stitched = try SensorCapture(sensor: sensor, timeout: .seconds(1)).run().stitched.image else {
            throw BenchFailure("the simulated swipe made no image")
        }
        return engine.extract(stitched)
    }
}

/// Template stores in a private temporary directory, removed when released.
final class BenchScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-biometry-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new store named `name`, unlocked with a new key file.
    func store(_ name: String) throws -> TemplateDatabase {
        let secret = try KeySecret.newKeyFile(at: directory.appendingPathComponent("\(name).key").path)
        return try TemplateDatabase.create(at: directory.appendingPathComponent("\(name).db").path, secret: secret)
    }
}
