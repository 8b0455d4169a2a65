import APDU
import Biometry
import Foundation
import LiveCardStack
import PCSC
import SmartCard
import VirtualCard

/// The card half of ``ServiceBench``: the virtual card in a vpcd reader through pcscd holds the
/// bench user's finger and compares it, in-process and with the service (`--card-user`).
struct ServiceCardBench {
    let parameters: ServiceBench.Parameters
    private let reader = "Virtual PCD 00 00"

    func record(_ report: BenchReport, files: ServiceBenchFiles, pbtool: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: PCSCDaemon.executable),
              FileManager.default.fileExists(atPath: "/etc/reader.conf.d/vpcd") else {
            return report.skip("card: needs pcscd and vpcd (Debian packages pcscd, vsmartcard-vpcd; `make deps`)")
        }
        try await LiveStackLock.withExclusiveAccess {
            try PCSCDaemon.ensureRunning()
            try await BiometryCardBench.withVirtualCard(AppletCatalog.all(), in: reader) {
                try enrol(files)
                try await measure(report, files: files, pbtool: pbtool)
            }
        }
    }

    private func measure(_ report: BenchReport, files: ServiceBenchFiles, pbtool: String) async throws {
        let place = ServiceBenchFiles.Place.card(reader: reader)
        let times = try await ServiceBench.compare(parameters.verifications, place: place, files: files, pbtool: pbtool,
                                                   ["--card-user", files.user, "--reader", reader])
        ServiceBench.record(report, place: "card (virtual, through pcscd)", times)
    }

    /// The card initialised and the bench user's right index enrolled on it (the same reference
    /// as the store's); the connection is closed again, as the service opens its own.
    private func enrol(_ files: ServiceBenchFiles) throws {
        let connection = try PCSCContext().connect(to: reader)
        defer { try? connection.disconnect(.reset) }
        let edge = try CardBiometricEdge.select(on: CardTransport(channel: connection, redaction: .cardEdgeSecrets, recordsTrace: false))
        guard case .bioManager(let bioManager) = edge else { throw BenchFailure("the virtual card has no BioManager") }
        try BiometryCardBench.initialise(bioManager)
        try CardReferences(edge: edge, reader: reader, authorisation: .adminKey(BiometryCardBench.adminKey))
            .enroll(try ServiceBenchFiles.reference(engine: files.engine), finger: .rightIndex, user: files.user, replacing: true)
    }
}
