import Foundation
import Testing
import USB
@testable import Sensors

/// What a user reads when the sensor cannot be opened.
@Suite struct SensorAccessTests {
    let id = USBDeviceID(vendor: 0x08ff, product: 0x2580)

    private func temporaryRules(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("70-pbtool-\(UUID().uuidString).rules").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMissingRuleSaysWhichAndHowToInstallIt() {
        let error = SensorAccess.explain(.access, node: "/dev/bus/usb/001/044", id: id, name: "AuthenTec AES2501",
                                         ruleFiles: ["/nonexistent/70-pbtool.rules"])
        #expect(error.description == "no permission to open /dev/bus/usb/001/044 (08ff:2580 AuthenTec AES2501): "
            + "the udev rule is missing (no 70-pbtool.rules in /etc/udev/rules.d); run `sudo make install-udev` "
            + "in the pbtool checkout, then unplug and replug the sensor")
    }

    @Test func aRuleFileWithoutThisDeviceSaysSo() throws {
        let path = try temporaryRules("# empty\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hint = SensorAccess.accessHint(for: id, ruleFiles: [path])
        #expect(hint.hasPrefix("\(path) has no rule for 08ff:2580"))
    }

    @Test func anInstalledRuleExplainsTheSeat() throws {
        let path = try temporaryRules(#"ATTR{idVendor}=="08ff", ATTR{idProduct}=="2580", TAG+="uaccess""# + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hint = SensorAccess.accessHint(for: id, ruleFiles: [path])
        #expect(hint.contains("grants access to the user logged in at the local seat"))
    }

    @Test func otherOpenFailuresMapToTheirErrors() {
        let busy = SensorAccess.explain(.busy, node: "/dev/bus/usb/001/044", id: id, name: "AuthenTec AES2501")
        #expect(busy.description.contains("is in use by another program"))
        if case .unplugged = SensorAccess.explain(.noDevice, node: "n", id: id, name: "x") {} else {
            Issue.record("a vanished device should read as unplugged")
        }
    }
}
