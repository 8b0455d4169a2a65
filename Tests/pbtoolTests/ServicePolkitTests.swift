import DBus
import Foundation
import Spawning
import Testing
import TestSupport

/// polkit deciding, as for fprintd: Debian's polkitd on the service's private bus with fprintd's
/// own action file (/usr/share/polkit-1/actions/net.reactivated.fprint.device.policy, which
/// allows the actions only to users in an active local session). Root is authorised by polkit
/// itself; nobody, with no session, is refused what the rule without polkit lets it do. polkitd
/// reads its rules only from /etc/polkit-1/rules.d and /usr/share/polkit-1/rules.d, so the
/// test adds none and relies on those defaults. Stopping polkitd brings the rule without polkit
/// back, on the same running service.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServicePolkitTests {
    static let polkitd = "/usr/lib/polkit-1/polkitd"
    static let actions = "/usr/share/polkit-1/actions/net.reactivated.fprint.device.policy"
    static let canRun = ServiceTestBench.canRun && getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: polkitd) && FileManager.default.fileExists(atPath: actions)
    static let asNobody = ["--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    @Test(.enabled(if: canRun, "needs root, setpriv, dbus-daemon, fprintd's clients and polkitd (Debian packages dbus, fprintd, polkitd)"))
    func polkitDecidesWhereItRunsAndTheOwnUserRuleElsewhere() throws {
        let bench = try ServiceTestBench(busPolicy: "<include>/usr/share/dbus-1/system.d/org.freedesktop.PolicyKit1.conf</include>")
        // polkitd starts as root and drops to its own user (polkitd) itself.
        let authority = try ChildProcess(Self.polkitd, [], environment: bench.environment, mergingErrors: true)
        defer { authority.send(SIGTERM); _ = try? authority.waitForExit() }
        try authority.waitForLine { $0.contains("Acquired the name org.freedesktop.PolicyKit1") }

        let refused = try bench.run("setpriv", Self.asNobody + ["/usr/bin/fprintd-list", "nobody"])
        #expect(refused.standardOutput.contains("Not Authorized: net.reactivated.fprint.device.verify"), "\(refused.standardOutput)")
        let root = try bench.run("fprintd-list", ["root"])
        #expect(root.standardOutput.contains("User root has no fingers enrolled"), "\(root.standardOutput)")

        let client = try FprintClient(bench)
        try client.device("Claim", [.string("nobody")])
        #expect(client.error("DeleteEnrolledFingers2") == "net.reactivated.Fprint.Error.NoEnrolledPrints")
        #expect(client.error("Release") == nil)

        authority.send(SIGTERM)
        _ = try authority.waitForExit()
        let own = try bench.run("setpriv", Self.asNobody + ["/usr/bin/fprintd-list", "nobody"])
        #expect(own.standardOutput.contains("User nobody has no fingers enrolled"), "\(own.standardOutput)")
        let other = try bench.run("setpriv", Self.asNobody + ["/usr/bin/fprintd-list", "root"])
        #expect(other.standardOutput.contains("PermissionDenied") || other.standardOutput.contains("Not authorized"), "\(other.standardOutput)")
    }
}
