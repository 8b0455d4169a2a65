import Foundation
import USB

/// Opens a sensor's USB device and turns the failures a user can fix into clear errors.
enum SensorAccess {
    /// Where `make install-udev` puts the rules, and where a distribution package would.
    static let ruleFiles = ["/etc/udev/rules.d/70-pbtool.rules", "/usr/lib/udev/rules.d/70-pbtool.rules",
                            "/lib/udev/rules.d/70-pbtool.rules"]

    /// Opens `device` and claims `interface` (detaching a kernel driver if one holds it).
    static func open(_ device: USBDevice, interface: Int, name: String) throws -> USBDeviceHandle {
        do {
            let handle = try device.open()
            try handle.claim(interface: interface)
            return handle
        } catch let error as USBError {
            throw explain(error, node: device.nodePath, id: device.id, name: name)
        }
    }

    /// The error a user reads for a failed open or claim.
    static func explain(_ error: USBError, node: String, id: USBDeviceID, name: String,
                        ruleFiles: [String] = ruleFiles) -> SensorError {
        switch error {
        case USBError.access:
            .accessDenied(node: node, id: id, name: name, hint: accessHint(for: id, ruleFiles: ruleFiles))
        case USBError.busy:
            .busy(node: node, name: name)
        case USBError.noDevice:
            .unplugged(phase: "opening", transfers: 0)
        default:
            .transferFailed(phase: "opening", step: 0, transfers: 0, reason: error.description)
        }
    }

    /// Which udev rule is missing, or why an installed one does not help.
    static func accessHint(for id: USBDeviceID, ruleFiles: [String] = ruleFiles) -> String {
        let installed = ruleFiles.first { FileManager.default.fileExists(atPath: $0) }
        guard let installed else {
            return "the udev rule is missing (no 70-pbtool.rules in /etc/udev/rules.d); "
                + "run `sudo make install-udev` in the pbtool checkout, then unplug and replug the sensor"
        }
        let text = (try? String(contentsOfFile: installed, encoding: .utf8)) ?? ""
        let vendor = String(id.description.prefix(4)), product = String(id.description.suffix(4))
        guard text.contains("ATTR{idVendor}==\"\(vendor)\", ATTR{idProduct}==\"\(product)\"") else {
            return "\(installed) has no rule for \(id); reinstall it with `sudo make install-udev`, "
                + "then unplug and replug the sensor"
        }
        return "\(installed) grants access to the user logged in at the local seat (TAG+=\"uaccess\"); "
            + "log in at the console, or unplug and replug the sensor so the rule applies"
    }
}
