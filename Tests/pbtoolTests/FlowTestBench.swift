import Foundation
import TestSupport

/// A scratch store and state directory for the flow commands (enroll, verify, …): every run
/// gets `--db`, `--key-file`, and a private `XDG_STATE_HOME`/`XDG_CONFIG_HOME`, so the user's
/// own lock-out file and hooks are never touched.
final class FlowTestBench {
    let scratch: DBTestStore

    init() throws {
        scratch = try DBTestStore()
        let created = try scratch.db("init")
        guard created.status == 0 else { throw SetupFailure(message: created.standardError) }
    }

    struct SetupFailure: Error { let message: String }

    var environment: [String: String] {
        ["XDG_STATE_HOME": scratch.path("state"), "XDG_CONFIG_HOME": scratch.path("config")]
    }

    /// `pbtool COMMAND --db … --key-file … ARGUMENTS…` in the scratch environment.
    func run(_ command: [String], _ arguments: [String]) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(command + ["--db", scratch.store, "--key-file", scratch.key] + arguments,
                              environment: environment)
    }

    /// The `finished` event's outcome from `--json` output.
    static func outcome(_ output: PBToolProcess.Outcome) -> [String: Any]? {
        let lines = output.standardOutput.split(separator: "\n")
        guard let last = lines.last,
              let object = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any],
              object["event"] as? String == "finished" else { return nil }
        return object["outcome"] as? [String: Any]
    }

    /// The event names of `--json` output, in order.
    static func events(_ output: PBToolProcess.Outcome) -> [String] {
        output.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
        }
    }

    /// The store's user names.
    func users() throws -> [String] {
        let listed = try scratch.db("users", ["--json"])
        let object = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8))
        let users = (object as? [[String: Any]]) ?? ((object as? [String: Any])?["users"] as? [[String: Any]]) ?? []
        return users.compactMap { $0["name"] as? String }
    }
}
