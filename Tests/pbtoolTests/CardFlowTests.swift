import Foundation
import Testing
import TestSupport
import VirtualCard

/// The flows on a card: `pbtool enroll/verify --on-card` through pcscd and vpcd against the
/// virtual card in this process, its BioManager matching with the engine's compact-card matcher,
/// and the login recipe (pam_exec + pamtester) on the card.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardFlowTests {
    private static let adminKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F0"
    private func attach() throws -> AttachedVirtualCard {
        try AttachedVirtualCard.attach(applets: AppletCatalog.all())
    }

    private func pbtool(_ arguments: [String], bench: FlowTestBench) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(arguments, environment: bench.environment)
    }

    @Test func enrollOnTheCardVerifyAndReleaseTheSecret() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            let bench = try FlowTestBench()
            let secret = try bench.scratch.write("secret.txt", Array("vpn: hunter2\n".utf8))
            #expect(try pbtool(["card", "init", "--admin-key", Self.adminKey], bench: bench).status == 0)
            #expect(try pbtool(["idstore", "put", "vpn", "--from", secret, "--access", "finger", "--admin-key", Self.adminKey],
                               bench: bench).status == 0)
            let enrolled = try pbtool(["enroll", "--finger", "right-index", "--on-card", "--admin-key", Self.adminKey,
                                       "--sensor", "sim:synthetic:5", "--json"], bench: bench)
            #expect(enrolled.status == 0, "\(enrolled.standardError)")
            #expect(FlowTestBench.outcome(enrolled)?["checkedForDuplicates"] as? Bool == false)

            let stranger = try pbtool(["verify", "--finger", "right-index", "--on-card", "--sensor", "sim:synthetic:6", "--json"],
                                      bench: bench)
            #expect(stranger.status == 1)
            let comparisons = FlowTestBench.outcome(stranger)?["comparisons"] as? [[String: Any]]
            #expect(comparisons?.first?["place"] as? String == "card")
            #expect(comparisons?.first?["retriesLeft"] as? Int != nil)
            #expect(try pbtool(["idstore", "get", "vpn"], bench: bench).status == 10)

            let owner = try pbtool(["verify", "--finger", "right-index", "--on-card", "--sensor", "sim:synthetic:5", "--quiet"],
                                   bench: bench)
            #expect(owner.status == 0, "\(owner.standardError)")
            let released = try pbtool(["idstore", "get", "vpn"], bench: bench)
            #expect(released.status == 0)
            #expect(released.standardOutput.contains("hunter2"))
        }
    }

    @Test(.enabled(if: LoginRecipeTests.canRun, "needs root (to write /etc/pam.d) and pamtester"))
    func pamExecAuthenticatesOnTheCard() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            let bench = try FlowTestBench()
            #expect(try pbtool(["card", "init", "--admin-key", Self.adminKey], bench: bench).status == 0)
            let enrolled = try pbtool(["enroll", "--finger", "right-index", "--on-card", "--admin-key", Self.adminKey,
                                       "--sensor", "sim:synthetic:5", "--quiet"], bench: bench)
            #expect(enrolled.status == 0, "\(enrolled.standardError)")
            func service(seed: Int) throws -> LoginRecipeTests.PAMService {
                try LoginRecipeTests.PAMService(command: [PBToolProcess.executable.path, "verify", "--on-card", "--quiet",
                                                          "--finger", "right-index", "--sensor", "sim:synthetic:\(seed)"])
            }
            let owner = try service(seed: 5).authenticate("root")
            #expect(owner.status == 0, "\(owner.output)")
            let stranger = try service(seed: 6).authenticate("root")
            #expect(stranger.status != 0)
        }
    }
}
