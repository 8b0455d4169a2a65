import Foundation

/// The `--exec` command, run through `/bin/sh -c` with the event in its environment.
struct EventCommand {
    let command: String

    init(_ command: String) { self.command = command }

    func run(for record: WatchRecord) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["PBTOOL_EVENT"] = record.event
        environment["PBTOOL_READER"] = record.reader
        environment["PBTOOL_ATR"] = record.atr ?? ""
        process.environment = environment
        do {
            try process.run()
        } catch {
            throw CommandFailure(.usage, "cannot run --exec command: \(error)")
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            printError("pbtool: --exec command exited with status \(process.terminationStatus) for \(record.event)")
        }
    }
}
