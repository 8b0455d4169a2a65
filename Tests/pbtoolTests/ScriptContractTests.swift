import Foundation
import Testing
import TestSupport

/// What scripts rely on besides the exit codes: `--json` always ends with an answer, `pbtool`
/// alone is a usage error, the default user exists without `$USER`.
@Suite struct ScriptContractTests {
    /// An early failure with `--json` printed nothing on standard output.
    @Test func jsonFailuresEndWithAFinishedObjectCarryingTheExitCode() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let cases: [([String], Int32)] = [
            (["db", "users", "--db", scratch.path("none/t.db"), "--key-file", scratch.key, "--json"], 9),
            (["db", "users", "--db", scratch.store, "--key-file", scratch.path("no.key"), "--json"], 2),
            (["verify", "--sensor", "sim:synthetic:7", "--db", scratch.path("none/t.db"), "--key-file", scratch.key, "--json"], 9),
            (["identify", "--top", "0", "--json"], 2),
            (["template", "info", scratch.directory, "--json"], 2),
        ]
        for (arguments, status) in cases {
            let outcome = try PBToolProcess.run(arguments)
            #expect(outcome.status == status, "\(arguments): \(outcome.standardError)")
            let last = outcome.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
            let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
            #expect(object?["event"] as? String == "finished", "\(arguments): \(outcome.standardOutput)")
            #expect(object?["exitCode"] as? Int == Int(status), "\(arguments): \(outcome.standardOutput)")
            #expect((object?["error"] as? String)?.isEmpty == false, "\(arguments): \(outcome.standardOutput)")
        }
    }

    /// A report that fails after printing itself stays one JSON document.
    @Test func aJSONReportThatFailsIsNotFollowedByASecondDocument() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        #expect(try scratch.writer("add-host", "mallory").status == 0)
        let check = try scratch.db("check", ["--json"])
        #expect(check.status == 11)
        #expect(try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8)) is [String: Any])
    }

    /// `pbtool` alone printed the overview and exited 0, as if it had done something.
    @Test func pbtoolAloneIsAUsageError() throws {
        let outcome = try PBToolProcess.run([])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("USAGE: pbtool <subcommand>"))
        #expect(outcome.standardOutput.isEmpty)
    }

    /// Without `$USER` (cron, systemd units) the user was "user".
    @Test func theDefaultUserIsTheLoginName() throws {
        let bench = try FlowTestBench()
        let login = String(cString: getpwuid(geteuid())!.pointee.pw_name)
        let arguments = ["enroll", "--finger", "right-index", "--sensor", "sim:synthetic:7", "--quiet", "--db", bench.scratch.store,
                         "--key-file", bench.scratch.key]
        let enrolled = try PBToolProcess.run(arguments, environment: bench.environment, unsetting: ["USER"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        #expect(try bench.users() == [login])
    }
}
