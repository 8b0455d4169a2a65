import ArgumentParser
import Biometry
import Foundation
import Glibc
import TerminalUI

/// How a flow command reports: terminal UI, plain lines, JSON lines or nothing; the log file;
/// the hooks configuration.
struct FlowOutputOptions: ParsableArguments {
    @Flag(help: "Print every event as one JSON object per line.")
    var json = false

    @Flag(help: "Print nothing; the exit code is the answer (for login scripts).")
    var quiet = false

    @Option(name: .customLong("log-file"),
            help: ArgumentHelp("Log events and APDUs here (a new file per run, rotated at 1 MB; off by default).", valueName: "path"))
    var logFile: String?

    @Flag(name: .customLong("log-secrets"), help: "Log APDU data in full: templates, keys and IDStore data included.")
    var logSecrets = false

    @Option(help: ArgumentHelp("The configuration file with the [hooks] table (default: ~/.config/pbtool/config.toml).",
                               valueName: "path"))
    var config: String?

    func validate() throws {
        if json && quiet { throw ValidationError("--json and --quiet cannot be combined") }
    }

    /// The runner for a flow: presenter, prompts, hooks and log as these options say.
    func runner() throws -> FlowRunner {
        let environment = ProcessInfo.processInfo.environment
        let terminal = TerminalSize.current(environment: environment)
        let presenter: any EventPresenter
        if quiet {
            presenter = QuietPresenter()
        } else if json {
            presenter = JSONEventPresenter()
        } else if terminal.isTerminal {
            presenter = TerminalPresenter(terminal: terminal, environment: environment)
        } else {
            presenter = PlainPresenter()
        }
        let interactive = !json && !quiet && isatty(STDIN_FILENO) == 1
        let hooks = try HookConfiguration.load(from: config ?? HookConfiguration.defaultPath(environment: environment), required: config != nil)
        let log = try logFile.map { try FlowLog(path: $0) }
        return FlowRunner(presenter: presenter, interactive: interactive, log: log,
                          hooks: hooks.enabled ? HookRunner(configuration: hooks, ringBell: Self.ringBell) : nil, warns: !quiet)
    }

    /// The bell goes to the terminal on standard error, which stays a terminal when output is piped.
    private static func ringBell() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        _ = write(STDERR_FILENO, "\u{7}", 1)
    }
}
