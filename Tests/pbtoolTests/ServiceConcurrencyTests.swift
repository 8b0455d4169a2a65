import DBus
import Foundation
import Spawning
import Testing
import TestSupport

/// One client's slow call does not hold up the others: the store's `--key-command` waiting, or
/// polkit deciding, keeps only its own caller waiting; the rest are answered meanwhile, and the
/// slow call is answered when the test lets it finish. The waits are the test's own: a FIFO the
/// key command reads, and a stand-in polkit authority on the private bus that answers when told.
@Suite(.serialized) struct ServiceConcurrencyTests {
    static let prefix = "net.reactivated.Fprint.Error."

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aKeyCommandWaitingHoldsOnlyItsOwnCaller() throws {
        let keyCommand = try GatedKeyCommand(waitingOnRun: 1)
        let bench = try ServiceTestBench(keyCommand: keyCommand.command(printing:))
        try keyCommand.openGate()
        let slow = Self.inBackground(bench, "ListEnrolledFingers", [.string("")])
        try keyCommand.awaitWaitingRun()

        let other = try FprintClient(bench)
        #expect(try other.bus.call("net.reactivated.Fprint", "/net/reactivated/Fprint/Manager", "net.reactivated.Fprint.Manager", "GetDevices")
                == [.objectPathArray(["/net/reactivated/Fprint/Device/0"])])
        #expect(other.error("ListEnrolledFingers", [.string("")]) == Self.prefix + "NoEnrolledPrints")
        #expect(other.error("Claim", [.string("")]) == nil)
        #expect(try other.property("num-enroll-stages") == .int32(3))
        #expect(other.error("Release") == nil)
        #expect(slow.count == 0)

        keyCommand.release()
        let answer = try #require(slow.next(within: TestPatience.limit))
        #expect(answer.failure?.name == Self.prefix + "NoEnrolledPrints")
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func polkitDecidingHoldsOnlyItsOwnCaller() throws {
        let (bench, authority) = try Self.withHeldAuthority()
        let listing = try ChildProcess("/usr/bin/fprintd-list", ["root"], environment: bench.environment, mergingErrors: true)
        let asked = try #require(authority.object.asked.next(within: TestPatience.limit))

        let other = try FprintClient(bench)
        #expect(try other.bus.call("net.reactivated.Fprint", "/net/reactivated/Fprint/Manager", "net.reactivated.Fprint.Manager", "GetDefaultDevice")
                == [.objectPath("/net/reactivated/Fprint/Device/0")])
        #expect(try other.property("scan-type") == .string("swipe"))
        #expect(listing.isRunning)

        asked.succeed(HeldAuthority.authorised)
        try listing.waitForExit()
        #expect(listing.standardOutput.contains("User root has no fingers enrolled"), "\(listing.standardOutput)")
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aClientLeavingWhilePolkitDecidesItsClaimGetsNoClaim() throws {
        let (bench, authority) = try Self.withHeldAuthority()
        let watcher = try BusClient(address: bench.bus.address)
        let owners = try watcher.subscribe("org.freedesktop.DBus", "NameOwnerChanged")
        // fprintd-verify claims the device first; polkit is asked about that claim.
        let verifying = try ChildProcess("/usr/bin/fprintd-verify", [], environment: bench.environment, mergingErrors: true)
        let asked = try #require(authority.object.asked.next(within: TestPatience.limit))
        verifying.send(SIGKILL)
        _ = try verifying.waitForExit()
        var left = false
        while !left, let change = owners.next(within: TestPatience.limit) {
            left = change.first?.text?.hasPrefix(":") == true && change.last?.text == ""
        }
        #expect(left)
        // The bus told the service before it passes on this answer.
        asked.succeed(HeldAuthority.authorised)

        let claiming = Self.inBackground(bench, "Claim", [.string("")])
        try #require(authority.object.asked.next(within: TestPatience.limit)).succeed(HeldAuthority.authorised)
        let claimed = try #require(claiming.next(within: TestPatience.limit))
        #expect(claimed.failure == nil, "the claim of the client that left was kept: \(String(describing: claimed.failure))")
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aClientLeavingWhileItsVerifyStartWaitsLeavesTheDeviceFree() throws {
        // fprintd-verify lists the fingers (the first run after the gate is opened), then starts:
        // the second run, VerifyStart's check of the enrolled fingers, waits at the gate.
        let keyCommand = try GatedKeyCommand(waitingOnRun: 2)
        let bench = try ServiceTestBench(keyCommand: keyCommand.command(printing:))
        let enrolled = try bench.run("fprintd-enroll", ["-f", "right-index-finger"])
        #expect(enrolled.standardOutput.contains("Enroll result: enroll-completed"), "\(enrolled.standardOutput)")
        try keyCommand.openGate()

        let verifying = try ChildProcess("/usr/bin/fprintd-verify", [], environment: bench.environment, mergingErrors: true)
        try keyCommand.awaitWaitingRun()
        // The listing was answered: what waits is VerifyStart.
        try verifying.waitForLine { $0.contains("#0: right-index-finger") }
        let other = try FprintClient(bench)
        let owners = try other.bus.subscribe("org.freedesktop.DBus", "NameOwnerChanged")
        #expect(other.error("Claim", [.string("")]) == Self.prefix + "AlreadyInUse")
        verifying.send(SIGKILL)
        _ = try verifying.waitForExit()
        #expect(!verifying.standardOutput.contains("Verify started"), "\(verifying.standardOutput)")
        try Self.claimOnceFree(other, watching: owners)

        let selected = try other.bus.subscribe("net.reactivated.Fprint.Device", "VerifyFingerSelected")
        keyCommand.release()
        // The interrupted VerifyStart started nothing: the next one is the only one announced.
        #expect(other.error("VerifyStart", [.string("right-index-finger")]) == nil)
        #expect(selected.next(within: TestPatience.limit) == [.string("right-index-finger")])
        #expect(other.error("VerifyStop") == nil)
        #expect(other.error("Release") == nil)
        #expect(bench.service.isRunning)
    }

    /// Claims the device for `client` once the previous holder has left: AlreadyInUse until the
    /// bus has told the service, so each refusal waits for the next name change `owners` sees.
    static func claimOnceFree(_ client: FprintClient, watching owners: BusSubscription) throws {
        while let refusal = client.error("Claim", [.string("")]) {
            #expect(refusal == prefix + "AlreadyInUse")
            guard owners.next(within: TestPatience.limit) != nil else { throw FlowTestBench.SetupFailure(message: "the claim never ended") }
        }
    }

    /// Calls `member` of the device from a client of its own on another thread; the outcome arrives later.
    static func inBackground(_ bench: ServiceTestBench, _ member: String, _ arguments: [BusValue]) -> Arrivals<Result<[BusValue], BusError>> {
        let address = bench.bus.address
        return .outcome { () throws(BusError) in
            guard let client = try? BusClient(address: address) else { throw BusError("test.NoClient", "cannot connect to \(address)") }
            return try client.call("net.reactivated.Fprint", "/net/reactivated/Fprint/Device/0", "net.reactivated.Fprint.Device", member, arguments)
        }
    }

    /// The service on a bus where the test's ``HeldAuthority`` is polkit.
    static func withHeldAuthority() throws -> (ServiceTestBench, HeldAuthority.Served) {
        let bench = try ServiceTestBench(busPolicy: HeldAuthority.policy)
        return (bench, try HeldAuthority.serve(on: bench.bus.address))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
