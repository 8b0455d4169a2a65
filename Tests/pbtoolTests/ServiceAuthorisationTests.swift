import DBus
import Foundation
import Testing
import TestSupport

/// The service's rules as fprintd has them: operations need the caller's own claim, one claim at
/// a time, a caller acts only for itself unless root, a client that leaves loses its claim; bad
/// calls get `net.reactivated.Fprint.Error.*` and the service goes on answering.
@Suite(.serialized) struct ServiceAuthorisationTests {
    static let prefix = "net.reactivated.Fprint.Error."

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func operationsNeedTheCallersOwnClaim() throws {
        let bench = try ServiceTestBench()
        let first = try FprintClient(), second = try FprintClient()
        #expect(first.error("VerifyStart", [.string("any")]) == Self.prefix + "ClaimDevice")
        #expect(first.error("EnrollStop") == Self.prefix + "ClaimDevice")
        #expect(first.error("Release") == Self.prefix + "ClaimDevice")
        #expect(first.error("DeleteEnrolledFingers2") == Self.prefix + "ClaimDevice")
        #expect(first.error("Claim", [.string("")]) == nil)
        #expect(first.error("Claim", [.string("")]) == Self.prefix + "AlreadyInUse")
        #expect(second.error("Claim", [.string("")]) == Self.prefix + "AlreadyInUse")
        #expect(second.error("VerifyStart", [.string("any")]) == Self.prefix + "AlreadyInUse")
        #expect(first.error("VerifyStop") == Self.prefix + "NoActionInProgress")
        #expect(first.error("VerifyStart", [.string("any")]) == Self.prefix + "NoEnrolledPrints")
        #expect(first.error("Release") == nil)
        #expect(second.error("Claim", [.string("root")]) == nil)
        withExtendedLifetime(bench) {}
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func badNamesAndHugeStringsAreRefusedAndTheServiceGoesOn() throws {
        let bench = try ServiceTestBench()
        let client = try FprintClient()
        let huge = String(repeating: "x", count: 1 << 20)
        #expect(client.error("Claim", [.string(huge)]) == Self.prefix + "Internal")
        #expect(client.error("ListEnrolledFingers", [.string("no-such-user-here")]) == Self.prefix + "Internal")
        #expect(client.error("Claim", [.string("")]) == nil)
        for name in ["any", "right-index", "nose", "", huge] {
            #expect(client.error("EnrollStart", [.string(name)]) == Self.prefix + "InvalidFingername", "EnrollStart \(name.prefix(20))")
            #expect(client.error("DeleteEnrolledFinger", [.string(name)]) == Self.prefix + "InvalidFingername")
        }
        #expect(client.error("VerifyStart", [.string(huge)]) == Self.prefix + "InvalidFingername")
        #expect(client.error("Claim", [.int32(0)]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(client.error("Explode") == "org.freedesktop.DBus.Error.UnknownMethod")
        let readOnly = try? client.bus.call("net.reactivated.Fprint", "/net/reactivated/Fprint/Device/0",
                                            "org.freedesktop.DBus.Properties", "Set",
                                            [.string("net.reactivated.Fprint.Device"), .string("name"), .string("x")])
        #expect(readOnly == nil)
        let devices = try client.bus.call("net.reactivated.Fprint", "/net/reactivated/Fprint/Manager", "net.reactivated.Fprint.Manager", "GetDevices")
        #expect(devices == [.objectPathArray(["/net/reactivated/Fprint/Device/0"])])
        #expect(bench.service.isRunning)
    }

    @Test(.enabled(if: ServiceTestBench.canRun && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") && getuid() == 0,
                   "needs root, setpriv, dbus-daemon and fprintd's clients"))
    func aUserActsOnlyForItself() throws {
        let bench = try ServiceTestBench()
        let asNobody = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/fprintd-list"]
        let other = try bench.run("setpriv", asNobody + ["root"])
        #expect(other.standardOutput.contains(Self.prefix + "PermissionDenied"), "\(other.standardOutput)")
        let own = try bench.run("setpriv", asNobody + ["nobody"])
        #expect(own.standardOutput.contains("User nobody has no fingers enrolled"), "\(own.standardOutput)")
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aClientLeavingMidEnrollmentLosesItsClaimAndNothingIsStored() throws {
        // The finger never arrives: the enrollment is still waiting when its client leaves.
        let bench = try ServiceTestBench(["--sim-finger-delay", "1h"])
        let watcher = try FprintClient()
        let leaving = try watcher.bus.subscribe("org.freedesktop.DBus", "NameOwnerChanged")
        var client: FprintClient? = try FprintClient()
        let name = client!.bus.uniqueName
        try client!.device("Claim", [.string("")])
        try client!.device("EnrollStart", [.string("right-thumb")])
        #expect(watcher.error("Claim", [.string("")]) == Self.prefix + "AlreadyInUse")
        client = nil
        var gone = false
        while !gone, let signal = leaving.next(within: TestPatience.limit) {
            gone = signal.first?.text == name && signal.last?.text == ""
        }
        #expect(gone)
        #expect(watcher.error("Claim", [.string("")]) == nil)
        #expect(watcher.error("ListEnrolledFingers", [.string("")]) == Self.prefix + "NoEnrolledPrints")
        withExtendedLifetime(bench) {}
    }
}
