import BiometricFormats
import Foundation
import TemplateStore

/// Issue 5's figures for the encrypted template store, on 10,000 templates of 500 bytes.
struct TemplateStoreBench: BenchSuite {
    static let name = "store"
    static let summary = "encrypted template store: open + load, insert, decrypt all, rotate (10,000 × 500-byte templates)"

    /// Tuning of the run: 1,000 users with 10 fingers each.
    struct Parameters {
        var users = 1_000
        var templateSize = 500
        var openRepetitions = 50
    }

    let parameters = Parameters()

    init() {}

    func run(_ report: BenchReport) async throws {
        let directory = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keyFile = directory + "/store.key"
        let store = try TemplateDatabase.create(at: directory + "/templates.db", secret: .newKeyFile(at: keyFile))

        let oneTransaction = try measure { try insertAll(into: store, transactionPerUser: false) }
        report.record("insert 10,000 templates (bulk import, one transaction)", oneTransaction, unit: "s", target: .atMost(3))
        // One commit per enrolled user: 1,000 WAL fsyncs (synchronous = FULL) dominate this figure.
        let perUserStore = try TemplateDatabase.create(at: directory + "/per-user.db", secret: .keyFile(at: keyFile))
        let perUser = try measure { try insertAll(into: perUserStore, transactionPerUser: true) }
        report.record("insert 10,000 templates (one transaction per user of 10)", perUser, unit: "s")

        try recordOpen(report, path: store.path, keyFile: keyFile)

        var decrypted = 0
        let decryptAll = try measure {
            for template in try store.templates(format: .iso) {
                decrypted += try template.decrypt().bytes.count
            }
        }
        report.record("decrypt all 10,000 templates", decryptAll, unit: "s", target: .atMost(0.3))
        report.note("decrypted \(decrypted) bytes")

        let rotation = try measure { _ = try store.rotateMasterKey(secrets: [.keyFile(at: keyFile)]) }
        report.record("rotate master key over 10,000 rows", rotation, unit: "s", target: .atMost(1))

        try recordScrypt(report, directory: directory)
    }

    /// Open with a key file and load one user's 10 templates: the median of repeated cold opens.
    private func recordOpen(_ report: BenchReport, path: String, keyFile: String) throws {
        var times: [Double] = []
        for index in 0..<parameters.openRepetitions {
            times.append(try measure {
                let store = try TemplateDatabase.open(at: path, secrets: [.keyFile(at: keyFile)])
                guard let user = try store.user(named: "user\(index * 17 % parameters.users)") else { throw BenchFailure() }
                guard try store.templates(of: user.id).count == 10 else { throw BenchFailure() }
            })
        }
        times.sort()
        report.record("open with key file + load one user's 10 templates (median)", times[times.count / 2] * 1000,
                      unit: "ms", target: .atMost(5))
        report.note("slowest of \(times.count): \(BenchReport.format((times.last ?? 0) * 1000)) ms (scrypt excluded: key-file slot)")
    }

    /// The passphrase path, reported separately: one scrypt (N = 2^17, r = 8, p = 1) dominates it.
    private func recordScrypt(_ report: BenchReport, directory: String) throws {
        let passphrase = try KeySecret.passphrase(SecretBytes(copying: Array("correct horse battery staple".utf8)))
        let path = directory + "/passphrase.db"
        _ = try TemplateDatabase.create(at: path, secret: passphrase, scrypt: .interactive)
        let open = try measure { _ = try TemplateDatabase.open(at: path, secrets: [passphrase]) }
        report.record("open with a passphrase slot (scrypt N=2^17, r=8, p=1)", open * 1000, unit: "ms")
    }

    private func insertAll(into store: TemplateDatabase, transactionPerUser: Bool) throws {
        let enrol = { (index: Int) throws in
            let user = try store.addUser(named: "user\(index)")
            for finger in Finger.allCases {
                _ = try store.addTemplate(template(index, finger), user: user.id, finger: finger, format: .iso)
            }
        }
        if transactionPerUser {
            for index in 0..<parameters.users { try store.writeBatch { try enrol(index) } }
        } else {
            try store.writeBatch { for index in 0..<parameters.users { try enrol(index) } }
        }
    }

    /// A template-sized record: an ISO 19794-2 style header and pseudo-random minutiae bytes.
    private func template(_ user: Int, _ finger: Finger) -> [UInt8] {
        var state = UInt64(user &* 10 &+ finger.rawValue) &* 0x9E37_79B9_7F4A_7C15 | 1
        let header: [UInt8] = Array("FMR\u{0} 20\u{0}".utf8)
        return header + (header.count..<parameters.templateSize).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    private func measure(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start) / .seconds(1)
    }

    private static func privateDirectory() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pbbench-store-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchFailure() }
        return String(cString: made)
    }

    private struct BenchFailure: Error {}
}
