import Foundation
import Testing
import TestSupport
import VirtualCard

/// The card deciding: with `--card-user root` and the virtual card in a vpcd reader (through
/// pcscd), fprintd-verify and pam_fprintd are answered by the card's on-card comparison. The
/// host store holds no finger of root, so a match can only come from the card.
@Suite(.serialized, .timeLimit(.minutes(15))) struct ServiceCardTests {
    private static let adminKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F0"

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func theCardAnswersVerifyStartForItsUser() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all())
            defer { try? attached.detach() }
            let bench = try ServiceTestBench(["--card-user", "root"])
            let environment = bench.bench.environment
            #expect(try PBToolProcess.run(["card", "init", "--admin-key", Self.adminKey], environment: environment).status == 0)
            let enrolled = try PBToolProcess.run(["enroll", "--finger", "right-index", "--on-card", "--admin-key", Self.adminKey,
                                                  "--sensor", "sim:synthetic:\(ServiceTestBench.owner)", "--quiet"],
                                                 environment: environment)
            #expect(enrolled.status == 0, "\(enrolled.standardError)")

            let listed = try bench.run("fprintd-list", ["root"])
            #expect(listed.standardOutput.contains("- #0: right-index-finger"), "\(listed.standardOutput)")
            let owner = try bench.run("fprintd-verify")
            #expect(owner.status == 0, "\(owner.standardOutput)")
            #expect(owner.standardOutput.contains("Verify result: verify-match (done)"))

            try bench.present(seed: ServiceTestBench.stranger)
            let stranger = try bench.run("fprintd-verify")
            #expect(stranger.status == 1, "\(stranger.standardOutput)")
            #expect(stranger.standardOutput.contains("Verify result: verify-no-match (done)"))

            guard LoginRecipeTests.canRun, FileManager.default.fileExists(atPath: "/lib/x86_64-linux-gnu/security/pam_fprintd.so") else { return }
            try bench.present(seed: ServiceTestBench.owner)
            let service = try PAMFile(lines: ["auth required pam_fprintd.so max-tries=1 timeout=99", "account required pam_permit.so"])
            let login = try bench.run("pamtester", [service.name, "root", "authenticate"])
            #expect(login.status == 0, "\(login.standardOutput)")
        }
    }
}
