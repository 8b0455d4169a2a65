import APDU
import APDUScript
import Files
import Foundation
import SmartCard

/// Reading and checking the scripts of `apdu run` before anything is sent.
enum ScriptFiles {
    /// Every script parsed; all problems are printed (one per file) before failing with usage (2).
    static func load(_ paths: [String]) throws -> [Script] {
        var scripts: [Script] = []
        var problems: [String] = []
        for path in paths {
            do {
                scripts.append(try ScriptLoader.fileSystem.load(path))
            } catch let error as ScriptSyntaxError {
                problems.append(error.description)
            } catch let error as ScriptLoadError {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else {
            problems.dropLast().forEach { printError("pbtool: \($0)") }
            throw CommandFailure(.usage, problems[problems.count - 1])
        }
        return scripts
    }

    /// Fails with usage (2) when a `${NAME}` the scripts use is unset or not hex.
    static func checkEnvironment(of scripts: [Script], _ environment: [String: String]) throws {
        let problems = EnvironmentCheck.problems(in: scripts, environment: environment)
        guard let last = problems.last else { return }
        problems.dropLast().forEach { printError("pbtool: \($0.location): error: \($0.message)") }
        throw CommandFailure(.usage, "\(last.location): error: \(last.message)")
    }

    /// What `apdu run` hides without `--show-secrets`: ISO's and GlobalPlatform's secrets, and
    /// the BioManager's keys and templates and the IDStore's data.
    static let secrets = APDURedaction.scriptDefault.union(.cardEdgeSecrets)

    /// `--dry-run`: the statements of every script, as text or JSON lines, and what is missing.
    static func list(_ scripts: [Script], environment: [String: String], json: Bool, showsSecrets: Bool) throws {
        for problem in EnvironmentCheck.problems(in: scripts, environment: environment) {
            printError("\(problem.location): warning: \(problem.message)")
        }
        for script in scripts {
            let listing = ScriptListing(script, showsSecrets: showsSecrets, secrets: secrets)
            if json {
                for entry in listing.entries { try JSONOutput.printLine(entry) }
            } else {
                print(script.file)
                listing.lines.forEach { print("  " + $0) }
            }
        }
    }
}

/// Files and terminal facts the reports need.
enum RunReportFiles {
    /// Where `--junit PATH` goes, made before the first script runs: its folders are created,
    /// an earlier report is replaced, a directory or device there is refused.
    static func junitOutput(_ path: String?) throws -> CommandOutput? {
        guard let path else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try OutputFolder.prepare(folder, role: "report folder") }
        return try CommandOutput(path, force: true, role: "JUnit report", mode: 0o600)
    }

    /// Colour on a terminal, unless `NO_COLOR` is set to anything (no-color.org).
    static var standardOutputWantsColor: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return !noColor && isatty(1) != 0
    }
}
