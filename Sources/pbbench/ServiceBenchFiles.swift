import APDU
import Biometry
import Fingerprint
import Foundation
import ImageCodecs
import PCSC
import Sensors
import SimulatedSensors
import SmartCard
import TemplateStore

/// What both sides of ``ServiceBench`` verify with: a store holding the bench user's right index
/// (synthetic finger 1, impression 1) and a probe image of the same finger (impression 2) that
/// the simulated sensor swipes, in-process and in the service alike.
struct ServiceBenchFiles {
    let directory: String
    let store: String
    let key: String
    let probe: String
    /// The account pbbench runs as: the service's callers act for themselves.
    let user: String
    let engine: RecognitionEngine

    /// Which side compares.
    enum Place {
        case host
        case card(reader: String)
    }

    init(scratch: BenchScratch, engine: RecognitionEngine) throws {
        directory = scratch.directory.path
        store = directory + "/service.db"
        key = directory + "/service.key"
        probe = directory + "/probe.png"
        user = try Self.accountName()
        self.engine = engine
        let references = HostReferences(database: try scratch.store("service"), engine: engine)
        try references.enroll(try Self.reference(engine: engine), finger: .rightIndex, user: user, replacing: false)
        try ImageFile.write(try SimulatedSource.synthetic(seed: 1).images(impressions: 2...2)[0], to: probe)
    }

    /// The enrolled features: one simulated swipe over impression 1.
    static func reference(engine: RecognitionEngine) throws -> FingerprintFeatures {
        try BiometryBench.features(of: try SimulatedSource.synthetic(seed: 1).images(impressions: 1...1)[0], engine: engine)
    }

    /// One verification as the service runs it for a `VerifyStart("any")`, without the bus: the
    /// probe loaded, the store or card opened, the flow run to its outcome. Returns fprintd's verdict.
    func verifyInProcess(_ place: Place) async throws -> String {
        var configuration = VerificationController.Configuration(user: user, fingers: .any)
        configuration.timeout = .seconds(30)
        let sensor = SimulatedSensor(images: try SimulatedSource.path(probe).images(impressions: 4...4), style: .normal, seed: 1)
        switch place {
        case .host:
            let references = HostReferences(database: try TemplateDatabase.open(at: store, secrets: [try KeySecret.keyFile(at: key)],
                                                                                 readOnly: true), engine: engine)
            return try await Self.outcome(of: VerificationController(
                configuration: configuration, sensor: sensor, engine: engine, references: references,
                verifier: HostVerifier(references: references), lockout: RejectionLockout(path: directory + "/in-process-lockout.json")))
        case .card(let reader):
            let connection = try PCSCContext().connect(to: reader)
            defer { try? connection.disconnect(.reset) }
            let edge = try CardBiometricEdge.select(on: CardTransport(channel: connection, redaction: .cardEdgeSecrets, recordsTrace: false))
            return try await Self.outcome(of: VerificationController(
                configuration: configuration, sensor: sensor, engine: engine,
                references: CardReferences(edge: edge, reader: reader, authorisation: nil), verifier: CardVerifier(edge: edge, reader: reader)))
        }
    }

    /// Runs `flow` to its outcome, answering its prompts as the service does; fprintd's verdict.
    private static func outcome(of flow: VerificationController) async throws -> String {
        var outcome: FlowOutcome?
        for try await event in flow {
            if case .prompt(let prompt) = event { flow.answer(prompt.id, with: .next) }
            if case .finished(let finished) = event { outcome = finished }
        }
        switch outcome {
        case .matched: return "verify-match"
        case .notMatched: return "verify-no-match"
        case let other: return "\(String(describing: other))"
        }
    }

    private static func accountName() throws -> String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { throw BenchFailure("this process's user has no name") }
        return String(cString: name)
    }
}
