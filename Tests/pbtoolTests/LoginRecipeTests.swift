import Foundation
import Testing
import TestSupport

/// The login recipe of docs/login.md, run for real: a PAM service with `pam_exec` calling
/// `pbtool verify --quiet`, exercised with Debian's `pamtester`. The service file is written to
/// /etc/pam.d under a unique name and removed afterwards (root only; skipped otherwise).
@Suite(.serialized) struct LoginRecipeTests {
    static let canRun = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/pamtester")
        && FileManager.default.fileExists(atPath: "/etc/pam.d")

    /// A PAM service whose `auth` step is `command`, removed when released.
    final class PAMService {
        let name = "pbtool-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var path: String { "/etc/pam.d/\(name)" }

        init(command: [String]) throws {
            // pam_exec splits its arguments on spaces: the paths used here have none.
            precondition(!command.contains { $0.contains(" ") }, "pam_exec arguments cannot hold spaces")
            try """
                auth required pam_exec.so quiet \(command.joined(separator: " "))
                account required pam_permit.so
                """.write(toFile: path, atomically: true, encoding: .utf8)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        /// `pamtester SERVICE USER authenticate`: its exit status and what it printed.
        func authenticate(_ user: String) throws -> (status: Int32, output: String) {
            let run = try ChildProcess.run("/usr/bin/pamtester", [name, user, "authenticate"], mergingErrors: true)
            return (run.status, run.standardOutput)
        }
    }

    @Test(.enabled(if: canRun, "needs root (to write /etc/pam.d) and pamtester"))
    func pamExecAuthenticatesWithTheTemplateStore() throws {
        let bench = try FlowTestBench()
        let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", "alice", "--sensor", "sim:synthetic:5",
                                                  "--quiet"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        func service(seed: Int) throws -> PAMService {
            try PAMService(command: ["/usr/bin/env", "XDG_STATE_HOME=\(bench.scratch.path("state"))",
                                     PBToolProcess.executable.path, "verify", "--quiet", "--user", "alice",
                                     "--db", bench.scratch.store, "--key-file", bench.scratch.key,
                                     "--sensor", "sim:synthetic:\(seed)"])
        }
        let owner = try service(seed: 5).authenticate("alice")
        #expect(owner.status == 0, "\(owner.output)")
        #expect(owner.output.contains("successfully authenticated"))
        let stranger = try service(seed: 6).authenticate("alice")
        #expect(stranger.status != 0)
        #expect(!stranger.output.contains("successfully authenticated"))
    }
}
