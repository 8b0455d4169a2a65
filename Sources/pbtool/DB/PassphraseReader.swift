import Glibc
import TemplateStore

/// Reads passphrases into secret memory: from standard input one line at a time, or from the
/// terminal with echo off. Never through `String` or `readLine()`.
enum PassphraseReader {
    /// Longest passphrase accepted, in bytes.
    static let limit = 1024

    static var standardInputIsTerminal: Bool { isatty(0) == 1 }

    /// The next line of standard input, without its line ending.
    static func standardInputLine(purpose: String) throws -> SecretBytes {
        let line = try readLine(from: 0)
        guard let line else { throw CommandFailure(.usage, "expected \(purpose) on standard input, found end of input") }
        return line
    }

    /// Asks on the controlling terminal with echo off.
    static func prompt(_ text: String) throws -> SecretBytes {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { throw CommandFailure(.usage, "no terminal to ask for the passphrase; use --passphrase-stdin") }
        defer { close(terminal) }
        var saved = termios()
        let hasSettings = tcgetattr(terminal, &saved) == 0
        if hasSettings {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(terminal, TCSAFLUSH, &silent)
        }
        defer {
            if hasSettings { tcsetattr(terminal, TCSAFLUSH, &saved) }
            _ = write(terminal, "\n", 1)
        }
        _ = text.withCString { write(terminal, $0, strlen($0)) }
        guard let line = try readLine(from: terminal) else { throw CommandFailure(.usage, "no passphrase entered") }
        return line
    }

    /// Asks twice for a new passphrase and insists both match.
    static func promptNew(_ text: String) throws -> SecretBytes {
        let first = try prompt(text)
        let second = try prompt("Repeat: ")
        guard first.isEqual(to: second) else { throw CommandFailure(.usage, "the two passphrases differ") }
        return first
    }

    /// Reads byte by byte up to a newline, so later lines stay unread for the next call.
    private static func readLine(from descriptor: Int32) throws -> SecretBytes? {
        var sawInput = false
        let line = try SecretBytes(capacity: limit + 1) { buffer in
            var count = 0
            while count <= limit {
                let got = read(descriptor, buffer.baseAddress! + count, 1)
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                sawInput = true
                if buffer[count] == UInt8(ascii: "\n") { break }
                count += 1
            }
            guard count <= limit else { throw CommandFailure(.usage, "passphrase longer than \(limit) bytes") }
            if count > 0, buffer[count - 1] == UInt8(ascii: "\r") { count -= 1 }
            return count
        }
        return sawInput ? line : nil
    }
}
