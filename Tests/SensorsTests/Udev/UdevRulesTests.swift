import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// udev/70-pbtool.rules: well-formed (Debian 12's udev 252 has no `udevadm verify`, which came
/// with systemd 254, so the rules are parsed here) and covering every device pbtool drives.
@Suite struct UdevRulesTests {
    static let rulesPath = SharedData.repositoryRoot.appendingPathComponent("udev/70-pbtool.rules").path
    static let preciseReaders = [USBDeviceID(vendor: 0x08c3, product: 0x0401), USBDeviceID(vendor: 0x08c3, product: 0x0402)]

    /// One `KEY{attribute}OP"value"` term of a rule line.
    struct Term: Equatable {
        let key: String
        let attribute: String?
        let operation: String
        let value: String
    }

    static let matchKeys: Set = ["ACTION", "SUBSYSTEM", "ENV", "ATTR", "ATTRS", "KERNEL", "DRIVER", "DRIVERS"]
    static let assignKeys: Set = ["TAG", "GOTO", "LABEL", "MODE", "GROUP", "RUN", "ENV"]

    static func parse(_ text: String) throws -> [[Term]] {
        let pattern = try NSRegularExpression(pattern: #"^([A-Z_]+)(\{[A-Za-z0-9_]+\})?(==|!=|\+=|-=|:=|=)"([^"]*)"$"#)
        var rules: [[Term]] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            var terms: [Term] = []
            for piece in line.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let range = NSRange(piece.startIndex..., in: piece)
                guard let match = pattern.firstMatch(in: piece, range: range) else {
                    throw RuleError(line: index + 1, text: piece)
                }
                func group(_ number: Int) -> String? {
                    Range(match.range(at: number), in: piece).map { String(piece[$0]) }
                }
                terms.append(Term(key: group(1)!, attribute: group(2).map { String($0.dropFirst().dropLast()) },
                                  operation: group(3)!, value: group(4)!))
            }
            rules.append(terms)
        }
        return rules
    }

    struct RuleError: Error { let line: Int; let text: String }

    @Test func everyTermIsWellFormed() throws {
        let rules = try Self.parse(try String(contentsOfFile: Self.rulesPath, encoding: .utf8))
        #expect(!rules.isEmpty)
        for term in rules.joined() {
            let isMatch = term.operation == "==" || term.operation == "!="
            if isMatch {
                #expect(Self.matchKeys.contains(term.key), "\(term.key) cannot be matched")
            } else {
                #expect(Self.assignKeys.contains(term.key), "\(term.key) cannot be assigned")
            }
            if term.attribute == "idVendor" || term.attribute == "idProduct" {
                #expect(term.value.count == 4 && term.value == term.value.lowercased() && UInt16(term.value, radix: 16) != nil)
            }
        }
        let gotos = Set(rules.joined().filter { $0.key == "GOTO" }.map(\.value))
        let labels = Set(rules.joined().filter { $0.key == "LABEL" }.map(\.value))
        #expect(gotos.isSubset(of: labels))
    }

    @Test func everySupportedDeviceGetsSeatAccess() throws {
        let rules = try Self.parse(try String(contentsOfFile: Self.rulesPath, encoding: .utf8))
        let granted: Set<USBDeviceID> = Set(rules.compactMap { terms in
            guard terms.contains(Term(key: "TAG", attribute: nil, operation: "+=", value: "uaccess")),
                  let vendor = terms.first(where: { $0.attribute == "idVendor" && $0.operation == "==" }),
                  let product = terms.first(where: { $0.attribute == "idProduct" && $0.operation == "==" })
            else { return nil }
            return USBDeviceID("\(vendor.value):\(product.value)")
        })
        let expected = Set(SensorProfile.usbSensors.flatMap(\.usbIDs) + Self.preciseReaders)
        #expect(granted == expected)
        #expect(expected.count == 20)
    }

    @Test func theAccessHintRecognisesAnInstalledRule() throws {
        let text = try String(contentsOfFile: Self.rulesPath, encoding: .utf8)
        for id in SensorProfile.usbSensors.flatMap(\.usbIDs) {
            let vendor = id.description.prefix(4), product = id.description.suffix(4)
            #expect(text.contains("ATTR{idVendor}==\"\(vendor)\", ATTR{idProduct}==\"\(product)\""))
        }
    }

    @Test func malformedRulesAreCaught() {
        #expect(throws: RuleError.self) { try Self.parse(#"ATTR{idVendor}=="08ff" TAG+="uaccess""#) }
        #expect(throws: RuleError.self) { try Self.parse(#"ATTR{idVendor}==08ff"#) }
        #expect(throws: RuleError.self) { try Self.parse(#"attr{idVendor}=="08ff""#) }
    }

    @Test func makeInstallUdevCopiesTheRules() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-udev-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        let make = try ChildProcess.run("/usr/bin/make", ["-s", "-C", SharedData.repositoryRoot.path, "install-udev",
                                                           "UDEV_RULES_DIR=\(target.path)"])
        #expect(make.status == 0, "\(make.standardError)")
        let installed = try String(contentsOfFile: target.appendingPathComponent("70-pbtool.rules").path, encoding: .utf8)
        #expect(installed == (try String(contentsOfFile: Self.rulesPath, encoding: .utf8)))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/udevadm")
                   && (try? Self.udevadmHasVerify()) == true, "udevadm verify needs systemd ≥ 254"))
    func udevadmVerifyAcceptsTheRules() throws {
        let verify = try ChildProcess.run("/usr/bin/udevadm", ["verify", "--resolve-names=never", Self.rulesPath])
        #expect(verify.status == 0, "\(verify.standardOutput) \(verify.standardError)")
    }

    static func udevadmHasVerify() throws -> Bool {
        try ChildProcess.run("/usr/bin/udevadm", ["--help"]).standardOutput.contains("verify")
    }
}
