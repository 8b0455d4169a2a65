import Foundation

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
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer = ""

    init(reader: String, warmup: Int, count: Int) throws {
        process.executableURL = PBToolLocation.sibling("LoadClient")
        process.arguments = [reader, String(warmup), String(count)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// The next line the client prints, split into fields.
    func nextLine() throws -> [String] {
        while !buffer.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw POSIXError(.EPIPE) }
            buffer += String(decoding: chunk, as: UTF8.self)
        }
        let line = buffer.prefix { $0 != "\n" }
        buffer.removeFirst(line.count + 1)
        return line.split(separator: " ").map(String.init)
    }

    /// Lets the client go on to its next step.
    func proceed() {
        input.fileHandleForWriting.write(Data("go\n".utf8))
    }

    func waitUntilExit() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
