import APDU
import Foundation
import Testing
import TestSupport

/// What pbtool prints by itself never carries APDU payloads or template bytes: the emulator's log
/// names events only, and the store commands print metadata only (docs/security.md).
@Suite(.serialized, .timeLimit(.minutes(15))) struct LogHygieneTests {
    /// A payload no status line, ATR or counter could contain by chance.
    private static let marker = "5EC2E75EC2E75EC2E7"

    @Test func theEmulatorLogHoldsNoAPDUPayload() async throws {
        try await LiveStack.run {
            let emulator = try EmulatorProcess()
            let verify = "0020008109" + Self.marker
            let echo = "8010000009" + Self.marker + "00"
            let sent = try PBToolProcess.run(["apdu", "send", "--reader", emulator.reader,
                                              "00A4040008F07062746F6F6C01", verify, echo])
            #expect(sent.status == 0, "\(sent.standardError)")
            let (status, log) = try emulator.stop()
            #expect(status == 0)
            #expect(log.contains("attached"), "\(log)")
            #expect(!log.uppercased().replacingOccurrences(of: " ", with: "").contains(Self.marker), "\(log)")
        }
    }

    @Test func storeCommandsPrintNoTemplateBytes() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let bytes = TemplateFixture.record(seed: 1, padding: try [UInt8](hex: String(repeating: Self.marker, count: 8)))
        let file = try scratch.write("t.iso", bytes)
        var printed = ""
        for arguments in [["add", "--user", "alice", "--finger", "right-index", file], ["users"], ["fingers", "--user", "alice"],
                          ["check"], ["slots"]] {
            for json in [false, true] {
                let outcome = try scratch.db(arguments[0], Array(arguments.dropFirst()) + (json ? ["--json"] : []))
                printed += outcome.standardOutput + outcome.standardError
                if arguments[0] == "add" { break }
            }
        }
        #expect(printed.contains("alice"))
        let flattened = printed.uppercased().filter { $0.isHexDigit }
        #expect(!flattened.contains(Self.marker), "\(printed)")
        #expect(!printed.contains(Data(bytes).base64EncodedString().prefix(16)))
    }

    /// A store command hardens itself before any secret is loaded: no core file can be written
    /// (RLIMIT_CORE soft and hard 0 — the hard limit it inherits is unlimited; PR_SET_DUMPABLE is
    /// cleared too, which /proc does not show to root).
    @Test func storeCommandsCannotDumpCore() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        // The key command reads the key from a FIFO: pbtool waits, with the secret on its way,
        // while we look. Opening the FIFO for writing returns once the key command has opened
        // it, that is once pbtool (hardened before any secret) is waiting for the key.
        let fifo = scratch.path("key.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let command = "cat '\(fifo)'"
        let process = try StreamingPBTool(["db", "users", "--db", scratch.store, "--key-command", command, "--key-command-timeout", "1h"])
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
        let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
        try writer.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: scratch.key)))
        try writer.close()
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(core ?? "")")
        #expect(try process.waitForExit().status == 0)
    }
}
