import Foundation
import Testing
import TestSupport

/// `pbtool service install --root DIR`: the three files, with the prefix and options in the
/// command line they start. (The policy is the one every service test's private bus runs with.)
@Suite struct ServiceInstallTests {
    @Test func installWritesPolicyUnitAndActivationFileUnderTheRoot() throws {
        let scratch = try DBTestStore()
        let root = scratch.path("image")
        let installed = try PBToolProcess.run(["service", "install", "--root", root, "--prefix", "/opt/pbtool",
                                               "--sensor", "vfs5011", "--card-user", "alice"])
        #expect(installed.status == 0, "\(installed.standardError)")
        let command = "/opt/pbtool/bin/pbtool service run --db /var/lib/pbtool/templates.db --key-file /etc/pbtool/service.key --sensor vfs5011 --card-user alice"
        let unit = try String(contentsOfFile: root + "/etc/systemd/system/pbtool-fprint.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=" + command))
        #expect(unit.contains("BusName=net.reactivated.Fprint"))
        #expect(unit.contains("Conflicts=fprintd.service"))
        #expect(unit.contains("EnvironmentFile=-/etc/pbtool/card-admin.env"), "the admin key stays off the command line")
        let activation = try String(contentsOfFile: root + "/usr/local/share/dbus-1/system-services/net.reactivated.Fprint.service", encoding: .utf8)
        #expect(activation.contains("Exec=" + command))
        #expect(activation.contains("SystemdService=pbtool-fprint.service"))
        let policy = try String(contentsOfFile: root + "/etc/dbus-1/system.d/pbtool-fprint.conf", encoding: .utf8)
        #expect(policy.contains(#"<allow own="net.reactivated.Fprint"/>"#))
        #expect(!installed.standardOutput.contains("systemctl"), "an image root never touches the running system")

        let again = try PBToolProcess.run(["service", "install", "--root", root])
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: root + "/etc/systemd/system/pbtool-fprint.service", encoding: .utf8).contains("--sensor auto"))
    }

    @Test func aRootThatIsAFileIsRefusedWithOneLine() throws {
        let scratch = try DBTestStore()
        let file = try scratch.write("plain", Array("x".utf8))
        let refused = try PBToolProcess.run(["service", "install", "--root", file])
        #expect(refused.status == 2)
        #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
        #expect(refused.standardError.contains(file))
    }
}
