import Foundation
import Testing
import TestSupport

/// "Any enrolled finger releases `--access finger`" (issue 24, also-list) is said wherever an
/// entry's rule is shown — `idstore put`, `idstore list`, `card status`, text and JSON — through
/// the built `pbtool`, pcscd and vpcd.
@Suite(.serialized, .timeLimit(.minutes(10))) struct IDStoreAccessWordingTests {
    private typealias Bench = CardEdgeCommandBench

    @Test func aFingerGuardedEntrySaysAnyEnrolledFingerReadsIt() async throws {
        try await LiveStack.run {
            let fixture = try CardEdgeFixture()
            defer { fixture.close() }
            let templates = fixture.templates
            try Bench.initialiseAndEnroll(templates)
            let put = try Bench.pbtool(["idstore", "put", "vpn", "--from", templates.secret, "--access", "finger",
                                        "--admin-key", Bench.adminKey])
            #expect(put.standardOutput == "Stored \"vpn\" (13 bytes) in container 1; read: any enrolled finger, write: the admin key.\n",
                    "\(put.standardOutput)\(put.standardError)")
            let line = "\"vpn\": container 1, 13 bytes, read: any enrolled finger, write: the admin key"
            #expect(try Bench.pbtool(["idstore", "list"]).standardOutput.contains("  " + line + "\n"))
            #expect(try Bench.pbtool(["card", "status"]).standardOutput.contains("    " + line + "\n"))

            let listed = try #require(try Bench.json(try Bench.pbtool(["idstore", "list", "--json"]).standardOutput)["entries"] as? [[String: Any]])
            let status = try Bench.json(try Bench.pbtool(["card", "status", "--json"]).standardOutput)
            let surveyed = ((status["edges"] as? [String: Any])?["idstore"] as? [String: Any])?["entries"] as? [[String: Any]]
            for entry in [listed.first, surveyed?.first] {
                #expect(entry?["read"] as? String == "finger", "the --access name stays")
                #expect(entry?["readBy"] as? String == "any enrolled finger")
                #expect(entry?["writeBy"] as? String == "the admin key")
            }
        }
    }
}
