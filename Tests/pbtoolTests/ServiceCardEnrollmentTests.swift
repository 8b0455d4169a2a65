import DBus
import Foundation
import Testing
import TestSupport
import VirtualCard

/// Enrolling onto the card through the service: with `--card-user root`, the service's admin key
/// and the virtual card in a vpcd reader, Debian's fprintd-enroll puts root's finger on the card
/// (the card's own listing shows it, the store never holds it), fprintd-verify is answered by the
/// card, fprintd-delete removes it from the card, and a card pulled before the enrolment is stored
/// ends it with `enroll-disconnected` and nothing stored anywhere. One service runs throughout.
@Suite(.serialized, .timeLimit(.minutes(15))) struct ServiceCardEnrollmentTests {
    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func fprintdEnrolsOntoTheCardWhichThenDecidesAndDeletes() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all())
            defer { try? attached.detach() }
            // The finger arrives once this file exists; it exists until the card is to be pulled.
            let gate = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-finger-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: gate) }
            #expect(FileManager.default.createFile(atPath: gate, contents: nil))
            let bench = try ServiceTestBench(["--card-user", "root", "--admin-key", ServiceCardTests.adminKey, "--sim-finger-file", gate])
            #expect(try PBToolProcess.run(["card", "init", "--admin-key", ServiceCardTests.adminKey], environment: bench.bench.environment).status == 0)

            let enrolled = try bench.run("fprintd-enroll", ["-f", "right-index-finger"])
            #expect(enrolled.standardOutput.contains("Enroll result: enroll-completed"), "\(enrolled.standardOutput)")
            #expect(try Self.cardFingers(bench).contains("right-index"))

            let owner = try bench.run("fprintd-verify")
            #expect(owner.standardOutput.contains("Verify result: verify-match (done)"), "\(owner.standardOutput)")
            try bench.present(seed: ServiceTestBench.stranger)
            let stranger = try bench.run("fprintd-verify")
            #expect(stranger.standardOutput.contains("Verify result: verify-no-match (done)"), "\(stranger.standardOutput)")

            let deleted = try bench.run("fprintd-delete", ["root"])
            #expect(deleted.status == 0, "\(deleted.standardOutput)")
            #expect(try Self.cardFingers(bench).contains("No finger is enrolled"))

            try FileManager.default.removeItem(atPath: gate)
            try bench.present(seed: ServiceTestBench.owner)
            let pulled = try Self.enrolWhilePullingTheCard(bench, attached: attached, gate: gate)
            #expect(pulled.contains("Enroll result: enroll-disconnected"), "\(pulled)")
            let withoutCard = try bench.run("fprintd-list", ["root"])
            #expect(withoutCard.standardOutput.contains("User root has no fingers enrolled"), "\(withoutCard.standardOutput)")
            let back = try AttachedVirtualCard.attach(attached.card)
            defer { try? back.detach() }
            #expect(try Self.cardFingers(bench).contains("No finger is enrolled"))
        }
    }

    /// Runs fprintd-enroll, pulls the card once the enrolment waits for the finger (the card
    /// already read), then lets the finger arrive; fprintd-enroll's output.
    private static func enrolWhilePullingTheCard(_ bench: ServiceTestBench, attached: AttachedVirtualCard, gate: String) throws -> String {
        let client = try FprintClient(bench)
        let changes = try client.bus.subscribe("org.freedesktop.DBus.Properties", "PropertiesChanged")
        let enrolling = try ChildProcess("/usr/bin/fprintd-enroll", ["-f", "right-index-finger"], environment: bench.environment,
                                         mergingErrors: true)
        var needed = false
        while !needed, changes.next(within: TestPatience.limit) != nil {
            needed = try client.property("finger-needed") == .boolean(true)
        }
        #expect(needed, "the enrolment never asked for a finger")
        try attached.detach()
        #expect(FileManager.default.createFile(atPath: gate, contents: nil))
        _ = try enrolling.waitForExit()
        return enrolling.standardOutput
    }

    /// `pbtool card fingers`: the card's own listing.
    private static func cardFingers(_ bench: ServiceTestBench) throws -> String {
        let listed = try PBToolProcess.run(["card", "fingers"], environment: bench.bench.environment)
        #expect(listed.status == 0, "\(listed.standardError)")
        return listed.standardOutput
    }
}
