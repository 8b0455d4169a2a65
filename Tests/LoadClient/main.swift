import Foundation
import PCSC

// A PC/SC client for LoadTests: connects to READER, selects the demo applet, sends WARMUP echo
// APDUs, says so and waits for a line on standard input (the test samples pcscd and the emulator
// meanwhile), sends WARMUP more (so one-time allocations of printing and reading are behind it),
// notes its resident memory, sends COUNT more, notes it again, reports, and waits once more.
//
//   LoadClient READER WARMUP COUNT
//   → "warm FAILURES"   ← any line   → "done RSS_BEFORE_KIB RSS_AFTER_KIB FAILURES SECONDS"   ← any line

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// VmRSS of this process, in KiB.
func residentKibibytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let warmup = Int(arguments[2]), let count = Int(arguments[3]) else {
    say("usage: LoadClient READER WARMUP COUNT")
    exit(2)
}
let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x08, 0xF0, 0x70, 0x62, 0x74, 0x6F, 0x6F, 0x6C, 0x01, 0x00]
let echo: [UInt8] = [0x80, 0x10, 0x00, 0x00, 0x04, 0xDE, 0xAD, 0xBE, 0xEF, 0x00]
let expected: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0x90, 0x00]

do {
    let card = try PCSCContext().connect(to: arguments[1])
    guard try card.transmit(select).suffix(2) == [0x90, 0x00] else {
        say("error: the demo applet did not select")
        exit(1)
    }
    /// Sends `n` echo APDUs; returns how many answers differed from the expected one.
    func send(_ n: Int) throws -> Int {
        var failures = 0
        for _ in 0..<n where try card.transmit(echo) != expected { failures += 1 }
        return failures
    }
    let warmFailures = try send(warmup)
    say("warm \(warmFailures)")
    _ = readLine()
    var failures = try send(warmup)
    let before = residentKibibytes()
    let started = ContinuousClock.now
    failures += try send(count)
    let elapsed = ContinuousClock.now - started
    let after = residentKibibytes()
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    say("done \(before) \(after) \(failures) \(seconds)")
    _ = readLine()
} catch {
    say("error: \(error)")
    exit(1)
}
