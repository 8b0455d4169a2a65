import DBus
import Foundation
import Testing
import TestSupport
import VirtualCard

/// The card deciding: with `--card-user root` and the virtual card in a vpcd reader (through
/// pcscd), fprintd-verify and pam_fprintd are answered by the card's on-card comparison. The
/// host store holds no finger of root, so a match can only come from the card.
@Suite(.serialized, .timeLimit(.minutes(15))) struct ServiceCardTests {
    static let adminKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F0"

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func theCardAnswersVerifyStartForItsUser() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all())
            defer { try? attached.detach() }
            let bench = try ServiceTestBench(["--card-user", "root"])
            try Self.enrolOnCard(bench)

            let listed = try bench.run("fprintd-list", ["root"])
            #expect(listed.standardOutput.contains("- #0: right-index-finger"), "\(listed.standardOutput)")
            try Self.expectCardUnchangedWithoutAdminKey(bench)
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

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aCardPulledDuringVerifyStartReportsDisconnectedAndTheServiceGoesOn() async throws {
        try await LiveStack.run {
            try Self.duringCardVerification { attached, bench, fingerArrives in
                try attached.detach()
                let status = fingerArrives()
                #expect(status == [.string("verify-disconnected"), .boolean(true)], "\(String(describing: status))")
            } then: { bench in
                #expect(bench.service.isRunning)
                let listed = try bench.run("fprintd-list", ["root"])
                #expect(listed.standardOutput.contains("User root has no fingers enrolled"), "\(listed.standardOutput)")
            }
        }
    }

    /// `fprintd-list` needs no claim, so it can reach the card while a verification holds it:
    /// the list's connection closing must not reset the card under the verification.
    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func listingFingersDuringACardVerificationLeavesItsMatchStanding() async throws {
        try await LiveStack.run {
            try Self.duringCardVerification { _, bench, fingerArrives in
                let listed = try bench.run("fprintd-list", ["root"])
                #expect(listed.standardOutput.contains("- #0: right-index-finger"), "\(listed.standardOutput)")
                let status = fingerArrives()
                #expect(status == [.string("verify-match"), .boolean(true)], "\(String(describing: status))")
            }
        }
    }

    /// Root's finger enrolled on a virtual card, and a card verification started through the
    /// service and waiting for the finger: `during` runs then, and its third argument lets the
    /// finger arrive and returns the final VerifyStatus. The client stops and releases, then
    /// `then` runs with the service still up.
    private static func duringCardVerification(_ during: (AttachedVirtualCard, ServiceTestBench, () -> [BusValue]?) throws -> Void,
                                               then: (ServiceTestBench) throws -> Void = { _ in }) throws {
        let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all())
        defer { try? attached.detach() }
        let gate = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-finger-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: gate) }
        let bench = try ServiceTestBench(["--card-user", "root", "--sim-finger-file", gate])
        try enrolOnCard(bench)

        let client = try FprintClient(bench)
        let statuses = try client.bus.subscribe("net.reactivated.Fprint.Device", "VerifyStatus")
        try client.device("Claim", [.string("")])
        try client.device("VerifyStart", [.string("any")])
        try waitUntilFingerNeeded(client)
        try during(attached, bench) {
            #expect(FileManager.default.createFile(atPath: gate, contents: nil))
            return statuses.next(within: TestPatience.limit)
        }
        #expect(client.error("VerifyStop") == nil)
        #expect(client.error("Release") == nil)
        try then(bench)
    }

    /// Returns once the running operation waits for a finger (its flow built, the card connected).
    private static func waitUntilFingerNeeded(_ client: FprintClient) throws {
        let changes = try client.bus.subscribe("org.freedesktop.DBus.Properties", "PropertiesChanged")
        var needed = try client.property("finger-needed") == .boolean(true)
        while !needed, changes.next(within: TestPatience.limit) != nil {
            needed = try client.property("finger-needed") == .boolean(true)
        }
        #expect(needed, "the verification never asked for a finger")
    }

    /// This service has no admin key: enrolling onto or deleting from the card is refused with
    /// `Internal` before any swipe, and the card keeps its finger; verifying a finger it lacks is `NoEnrolledPrints`.
    private static func expectCardUnchangedWithoutAdminKey(_ bench: ServiceTestBench) throws {
        let client = try FprintClient(bench)
        try client.device("Claim", [.string("")])
        #expect(client.error("EnrollStart", [.string("left-thumb")]) == "net.reactivated.Fprint.Error.Internal")
        #expect(client.error("DeleteEnrolledFingers2") == "net.reactivated.Fprint.Error.Internal")
        #expect(client.error("VerifyStart", [.string("left-thumb")]) == "net.reactivated.Fprint.Error.NoEnrolledPrints")
        #expect(client.error("Release") == nil)
        let listed = try bench.run("fprintd-list", ["root"])
        #expect(listed.standardOutput.contains("- #0: right-index-finger"), "\(listed.standardOutput)")
    }

    /// `card init` and root's right index enrolled on the card (finger ``ServiceTestBench/owner``).
    private static func enrolOnCard(_ bench: ServiceTestBench) throws {
        let environment = bench.bench.environment
        #expect(try PBToolProcess.run(["card", "init", "--admin-key", adminKey], environment: environment).status == 0)
        let enrolled = try PBToolProcess.run(["enroll", "--finger", "right-index", "--on-card", "--admin-key", adminKey,
                                              "--sensor", "sim:synthetic:\(ServiceTestBench.owner)", "--quiet"],
                                             environment: environment)
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
    }
}
