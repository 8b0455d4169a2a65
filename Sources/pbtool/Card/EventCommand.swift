import Foundation

/// The `--exec` command, run through `/bin/sh -c` with the event in its environment.
struct EventCommand {
    let command: String

    init(_ command: String) { self.command = command }

    func run(for record: WatchRecord) throws {
        try run(environment: ["PBTOOL_EVENT": record.event, "PBTOOL_READER": record.reader, "PBTOOL_ATR": record.atr ?? ""],
                event: record.event)
    }

    /// Runs the command with `environment` added to pbtool's; `event` names it in messages.
    func run(environment added: [String: String], event: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        do {
            try process.run()
        } catch {
            throw CommandFailure(.usage, "cannot run --exec command: \(error)")
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            printError("pbtool: --exec command exited with status \(process.terminationStatus) for \(event)")
        }
    }
}
