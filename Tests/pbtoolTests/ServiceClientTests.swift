import Foundation
import Testing
import TestSupport

/// `pbtool service` driven by Debian's own fprintd clients (fprintd-enroll, -verify, -list,
/// -delete) and by pam_fprintd under pamtester, on a private system bus.
@Suite(.serialized) struct ServiceClientTests {
    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func fprintdClientsEnrolVerifyListAndDelete() throws {
        let bench = try ServiceTestBench()
        let enrolled = try bench.run("fprintd-enroll", ["-f", "right-index-finger"])
        #expect(enrolled.status == 0, "\(enrolled.standardOutput)")
        #expect(enrolled.standardOutput.contains("Enroll result: enroll-stage-passed"))
        #expect(enrolled.standardOutput.contains("Enroll result: enroll-completed"))

        let listed = try bench.run("fprintd-list", ["root"])
        #expect(listed.standardOutput.contains("Fingerprints for user root on Simulated swipe sensor (swipe):"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("- #0: right-index-finger"))

        let owner = try bench.run("fprintd-verify")
        #expect(owner.status == 0, "\(owner.standardOutput)")
        #expect(owner.standardOutput.contains("Verify result: verify-match (done)"))

        try bench.present(seed: ServiceTestBench.stranger)
        let stranger = try bench.run("fprintd-verify", ["-f", "right-index-finger"])
        #expect(stranger.status == 1, "\(stranger.standardOutput)")
        #expect(stranger.standardOutput.contains("Verify result: verify-no-match (done)"))

        let deleted = try bench.run("fprintd-delete", ["root"])
        #expect(deleted.status == 0, "\(deleted.standardOutput)")
        let after = try bench.run("fprintd-list", ["root"])
        #expect(after.standardOutput.contains("User root has no fingers enrolled"), "\(after.standardOutput)")
        let stored = try bench.bench.scratch.db("fingers", ["--user", "root", "--json"])
        #expect(!stored.standardOutput.contains("right-index"), "\(stored.standardOutput)")
    }

    @Test(.enabled(if: ServiceTestBench.canRun && LoginRecipeTests.canRun
                   && FileManager.default.fileExists(atPath: "/lib/x86_64-linux-gnu/security/pam_fprintd.so"),
                   "needs root, pamtester and pam_fprintd (Debian package libpam-fprintd)"))
    func pamFprintdAcceptsTheOwnerAndRejectsAStranger() throws {
        let bench = try ServiceTestBench()
        let enrolled = try bench.run("fprintd-enroll", ["-f", "left-index-finger", "root"])
        #expect(enrolled.status == 0, "\(enrolled.standardOutput)")
        let service = try PAMFile(lines: ["auth required pam_fprintd.so max-tries=1 timeout=99", "account required pam_permit.so"])

        let owner = try bench.run("pamtester", [service.name, "root", "authenticate"])
        #expect(owner.status == 0, "\(owner.standardOutput)")
        #expect(owner.standardOutput.contains("successfully authenticated"))

        try bench.present(seed: ServiceTestBench.stranger)
        let stranger = try bench.run("pamtester", [service.name, "root", "authenticate"])
        #expect(stranger.status != 0)
        #expect(stranger.standardOutput.contains("Failed to match fingerprint"), "\(stranger.standardOutput)")
        #expect(!stranger.standardOutput.contains("successfully authenticated"))
    }
}

/// A PAM service file in /etc/pam.d under a unique name (pamtester finds services only there),
/// removed when released.
final class PAMFile {
    let name = "pbtool-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    var path: String { "/etc/pam.d/\(name)" }

    init(lines: [String]) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
