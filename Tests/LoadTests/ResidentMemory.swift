import Foundation
import TestSupport

/// Resident memory of a process, from `/proc/<pid>/status` (VmRSS).
enum ResidentMemory {
    /// VmRSS of `pid` in KiB, or nil when the process is gone.
    static func kibibytes(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Whether `after` is within `fraction` above `before` (a shrink is always flat).
    static func isFlat(before: Int, after: Int, fraction: Double = 0.10) -> Bool {
        Double(after) <= Double(before) * (1 + fraction)
    }
}

/// Tests/LoadClient running as its own process, stepped through its two checkpoints.
final class LoadClientProcess {
    private let child: ChildProcess
    private var linesRead = 0

    init(reader: String, warmup: Int, count: Int) throws {
        child = try ChildProcess(PBToolLocation.sibling("LoadClient").path, [reader, String(warmup), String(count)], input: .pipe)
    }

    var processIdentifier: Int32 { child.identifier }

    /// The next line the client prints, split into fields.
    func nextLine() throws -> [String] {
        linesRead += 1
        let line = try child.waitForLine(occurrence: linesRead) { _ in true }
        return line.split(separator: " ").map(String.init)
    }

    /// Lets the client go on to its next step.
    func proceed() {
        child.send(text: "go\n")
    }

    func waitUntilExit() throws -> Int32 {
        child.closeInput()
        return try child.waitForExit().status
    }
}
