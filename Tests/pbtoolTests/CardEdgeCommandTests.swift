import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// `pbtool card init/enroll/verify/fingers/delete/unblock/logout/status` and `pbtool idstore …`
/// end to end: the built binary through pcscd and vpcd against the virtual card in this process
/// (with the comparison test double at its seam).
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardEdgeCommandTests {
    private typealias Bench = CardEdgeCommandBench
    private typealias Templates = CardEdgeTemplates

    @Test func initialisesAndEnrolsWithTheAdminKey() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            let templates = try Templates()
            defer { templates.remove() }
            let generated = try Bench.pbtool(["card", "init", "--json"])
            #expect(generated.status == 0, "\(generated.standardError)")
            let key = try #require(try Bench.json(generated.standardOutput)["adminKey"] as? String)
            #expect(key.count == 32)
            #expect(try Bench.json(generated.standardOutput)["lifeCycle"] as? String == "operational")
            let again = try Bench.pbtool(["card", "init"])
            #expect(again.status == 12)
            #expect(again.standardError.contains("already initialised (life cycle: operational)"))
            let missingKey = try Bench.pbtool(["card", "enroll", "--finger", "right-index", "--template", templates.reference])
            #expect(missingKey.status == 2)
            #expect(missingKey.standardError.contains("--admin-key"))
            let wrongKey = try Bench.pbtool(["card", "enroll", "--finger", "right-index", "--template", templates.reference,
                                       "--admin-key", Bench.adminKey])
            #expect(wrongKey.status == 10)
            #expect(wrongKey.standardError.contains("wrong admin key; 4 tries left"))
            let enrolled = try Bench.pbtool(["card", "enroll", "--finger", "right-index", "--template", templates.reference, "--json"],
                                      environment: ["PBTOOL_ADMIN_KEY": key])
            #expect(enrolled.status == 0, "\(enrolled.standardError)")
            #expect(try Bench.json(enrolled.standardOutput)["minutiae"] as? Int == 30)
            let fingers = try Bench.json(try Bench.pbtool(["card", "fingers", "--json"]).standardOutput)
            #expect((fingers["fingers"] as? [[String: Any]])?.map { $0["finger"] as? String } == ["right-index"])
        }
    }

    @Test func verifiesCountsTriesBlocksAndManagesFingers() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            let templates = try Templates()
            defer { templates.remove() }
            try Bench.initialiseAndEnroll(templates)
            let match = try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.probe, "--json"])
            #expect(match.status == 0, "\(match.standardError)")
            #expect(try Bench.json(match.standardOutput)["outcome"] as? String == "match")
            let noMatch = try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.impostor])
            #expect(noMatch.status == 1)
            #expect(noMatch.standardOutput.contains("right-index: no match, 4 tries left"))
            let tooFew = try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.tooFew])
            #expect(tooFew.status == 2)
            #expect(tooFew.standardError.contains("needs at least 12"))
            let notEnrolled = try Bench.pbtool(["card", "verify", "--finger", "left-thumb", "--template", templates.probe])
            #expect(notEnrolled.status == 12)
            #expect(notEnrolled.standardError.contains("no finger is enrolled as left-thumb"))
            let listed = try Bench.json(try Bench.pbtool(["card", "fingers", "--json"]).standardOutput)
            #expect((listed["fingers"] as? [[String: Any]])?.first?["retriesLeft"] as? Int == 4, "the too-few probe cost no try")
            for _ in 0..<4 { _ = try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.impostor]) }
            let blocked = try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.probe])
            #expect(blocked.status == 4)
            #expect(blocked.standardOutput.contains("blocked"))
            #expect(try Bench.pbtool(["card", "fingers"]).standardOutput.contains("right-index   blocked"))
            #expect(try Bench.pbtool(["card", "unblock", "--finger", "right-index", "--admin-key", Bench.adminKey]).status == 0)
            #expect(try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.probe]).status == 0)
            #expect(try Bench.pbtool(["card", "delete", "--finger", "right-index", "--admin-key", Bench.adminKey]).status == 0)
            #expect(try Bench.pbtool(["card", "delete", "--finger", "right-index", "--admin-key", Bench.adminKey]).status == 12)
            #expect(try Bench.pbtool(["card", "fingers"]).standardOutput.contains("No finger is enrolled (biomanager)."))
        }
    }

    @Test func idstoreReleasesSecretsOnlyAfterAVerifiedFinger() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            let templates = try Templates()
            defer { templates.remove() }
            try Bench.initialiseAndEnroll(templates)
            // Another application keeps the card in use, so pcscd keeps it powered between the
            // commands (it powers an unused card off within a second; see docs/card.md).
            let holder = try PCSCContext().connect(to: attached.reader)
            defer { try? holder.disconnect(.leave) }

            let put = try Bench.pbtool(["idstore", "put", "vpn", "--from", templates.secret, "--access", "finger", "--admin-key", Bench.adminKey])
            #expect(put.status == 0, "\(put.standardError)")
            #expect(try Bench.pbtool(["idstore", "put", "pub", "--from", templates.secret, "--access", "anyone",
                                "--admin-key", Bench.adminKey]).status == 0)
            let list = try Bench.pbtool(["idstore", "list", "--json"])
            let entries = try #require(try Bench.json(list.standardOutput)["entries"] as? [[String: Any]])
            #expect(entries.compactMap { $0["name"] as? String } == ["vpn", "pub"])
            #expect(entries.first?["read"] as? String == "finger")

            let denied = try Bench.pbtool(["idstore", "get", "vpn"])
            #expect(denied.status == 10)
            #expect(denied.standardError.contains("access to \"vpn\" denied"))
            #expect(try Bench.pbtool(["idstore", "get", "pub"]).standardOutput == "vpn: hunter2\n")

            #expect(try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.probe]).status == 0)
            let released = try Bench.pbtool(["idstore", "get", "vpn"])
            #expect(released.status == 0, "\(released.standardError)")
            #expect(released.standardOutput == "vpn: hunter2\n")
            let asJSON = try Bench.pbtool(["idstore", "get", "vpn", "--json"])
            #expect(try Bench.json(asJSON.standardOutput)["text"] as? String == "vpn: hunter2\n")

            let logout = try Bench.pbtool(["card", "logout"])
            #expect(logout.status == 0)
            #expect(logout.standardOutput.contains("Logged out: right-index."))
            #expect(try Bench.pbtool(["idstore", "get", "vpn"]).status == 10)

            let out = templates.directory.appendingPathComponent("out.txt").path
            let atOnce = try Bench.pbtool(["idstore", "get", "vpn", "--finger", "right-index", "--template", templates.probe, "--out", out])
            #expect(atOnce.status == 0, "\(atOnce.standardError)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "vpn: hunter2\n")
            let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let wrongFinger = try Bench.pbtool(["idstore", "get", "vpn", "--finger", "right-index", "--template", templates.impostor])
            #expect(wrongFinger.status == 1)
            #expect(wrongFinger.standardOutput.isEmpty)

            #expect(try Bench.pbtool(["idstore", "get", "nothing"]).status == 2)
            #expect(try Bench.pbtool(["idstore", "delete", "vpn", "--admin-key", Bench.adminKey]).status == 0)
            #expect(try Bench.pbtool(["idstore", "get", "vpn"]).status == 2)
        }
    }

    @Test func statusShowsTheEdgesFingersAndCounters() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            let templates = try Templates()
            defer { templates.remove() }
            let virgin = try Bench.pbtool(["card", "status"])
            #expect(virgin.standardOutput.contains("life cycle virgin"))
            try Bench.initialiseAndEnroll(templates)
            _ = try Bench.pbtool(["card", "verify", "--finger", "right-index", "--template", templates.impostor])
            let text = try Bench.pbtool(["card", "status"])
            #expect(text.status == 0)
            #expect(text.standardOutput.contains("Card edges:"))
            #expect(text.standardOutput.contains("life cycle operational"))
            #expect(text.standardOutput.contains("right-index   4 tries left"))
            #expect(text.standardOutput.contains("IDStore: 16 containers of 1024 bytes"))
            #expect(text.standardOutput.contains("ISO match on card (pb-iso): no finger enrolled"))
            let report = try Bench.json(try Bench.pbtool(["card", "status", "--json"]).standardOutput)
            let edges = try #require(report["edges"] as? [String: Any])
            let bioManager = try #require(edges["biomanager"] as? [String: Any])
            #expect(bioManager["lifeCycle"] as? String == "operational")
            let fingers = try #require(bioManager["fingers"] as? [[String: Any]])
            #expect(fingers.first?["retriesLeft"] as? Int == 4)
            #expect((edges["idstore"] as? [String: Any])?["present"] as? Bool == true)
            #expect((edges["iso"] as? [String: Any])?["present"] as? Bool == true)
        }
    }

    @Test func theISOEdgeThroughTheCommandLine() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            let templates = try Templates()
            defer { templates.remove() }
            let wrongPIN = try Bench.pbtool(["card", "enroll", "--edge", "iso", "--finger", "left-index", "--template", templates.reference,
                                       "--admin-pin", "11111111"])
            #expect(wrongPIN.status == 10)
            let enrolled = try Bench.pbtool(["card", "enroll", "--edge", "iso", "--finger", "left-index", "--template", templates.reference,
                                       "--admin-pin", "87654321"])
            #expect(enrolled.status == 0, "\(enrolled.standardError)")
            let fingers = try Bench.json(try Bench.pbtool(["card", "fingers", "--edge", "iso", "--json"]).standardOutput)
            #expect((fingers["fingers"] as? [[String: Any]])?.first?["reference"] as? String == "97")
            #expect(try Bench.pbtool(["card", "verify", "--edge", "iso", "--finger", "left-index", "--template", templates.impostor]).status == 1)
            #expect(try Bench.pbtool(["card", "verify", "--edge", "iso", "--finger", "left-index", "--template", templates.probe]).status == 0)
            #expect(try Bench.pbtool(["card", "unblock", "--edge", "iso", "--finger", "left-index", "--admin-pin", "87654321"]).status == 0)
            #expect(try Bench.pbtool(["card", "delete", "--edge", "iso", "--finger", "left-index", "--admin-pin", "87654321"]).status == 0)
            #expect(try Bench.pbtool(["card", "verify", "--edge", "iso", "--finger", "left-index", "--template", templates.probe]).status == 12)
        }
    }

    @Test func badInputGetsNamedErrorsAndTouchesNothing() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            let templates = try Templates()
            defer { templates.remove() }
            let virginEnroll = try Bench.pbtool(["card", "enroll", "--finger", "right-index", "--template", templates.reference,
                                           "--admin-key", Bench.adminKey])
            #expect(virginEnroll.status == 12, "\(virginEnroll.standardError)")
            let badKey = try Bench.pbtool(["card", "init", "--admin-key", "0011"])
            #expect(badKey.status == 2)
            #expect(badKey.standardError.contains("8 to 16 bytes"))
            #expect(try Bench.pbtool(["card", "status"]).standardOutput.contains("life cycle virgin"))
            try Bench.initialiseAndEnroll(templates)
            let cases: [([String], Int32, String)] = [
                (["card", "verify", "--finger", "right-pinky", "--template", templates.probe], 2, "right-pinky"),
                (["card", "verify", "--finger", "right-index", "--template", templates.torn], 2, "not an ISO 19794-2 compact-card template"),
                (["card", "verify", "--finger", "right-index", "--template", "/nonexistent.compact"], 2, "compact-card template /nonexistent.compact does not exist"),
                (["card", "verify", "--finger", "right-index", "--template", templates.record], 2,
                 "is an ISO/IEC 19794-2:2005 record, not a compact-card template"),
                (["card", "enroll", "--finger", "left-index", "--template", templates.tooFew, "--admin-key", Bench.adminKey], 2,
                 "needs at least 16"),
                (["card", "enroll", "--finger", "left-index", "--template", templates.squeezed, "--admin-key", Bench.adminKey], 2,
                 "30 minutiae at 1.50 per mm², denser than fingers allow"),
                (["card", "verify", "--finger", "right-index", "--template", templates.squeezed], 2, "denser than fingers allow"),
                (["idstore", "put", "x", "--from", templates.secret, "--access", "everyone", "--admin-key", Bench.adminKey], 2,
                 "--access must be one of"),
                (["idstore", "put", "x", "--from", "/nonexistent", "--access", "finger", "--admin-key", Bench.adminKey], 2, "data file /nonexistent does not exist"),
                (["card", "verify", "--reader", "No Such Reader", "--finger", "right-index", "--template", templates.probe], 5,
                 "no reader named"),
                (["card", "fingers", "--reader", "Virtual PCD 00 01"], 6, "no card"),
            ]
            for (arguments, status, message) in cases {
                let outcome = try Bench.pbtool(arguments)
                #expect(outcome.status == status, "\(arguments): \(outcome.standardError)")
                #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            }
            let listed = try Bench.json(try Bench.pbtool(["card", "fingers", "--json"]).standardOutput)
            #expect((listed["fingers"] as? [[String: Any]])?.first?["retriesLeft"] as? Int == 5, "no try was spent")
        }
    }
}
