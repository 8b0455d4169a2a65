#if canImport(Glibc)
import Glibc
#endif

/// What the standard output is connected to, read once where a command starts.
public struct TerminalSize: Sendable, Hashable {
    /// Character cells per line.
    public var columns: Int
    /// Whether the stream is a terminal (not a pipe or a file).
    public var isTerminal: Bool

    /// A size given explicitly (tests, or a width chosen by the user).
    public init(columns: Int, isTerminal: Bool) {
        self.columns = columns
        self.isTerminal = isTerminal
    }

    /// The width used when neither the terminal nor `COLUMNS` tells one.
    public static let fallbackColumns = 80

    /// Standard output's size (or `descriptor`'s): `ioctl(TIOCGWINSZ)` when it is a terminal, else
    /// `COLUMNS`, else 80.
    public static func current(of descriptor: Int32 = STDOUT_FILENO, environment: [String: String]) -> TerminalSize {
        let isTerminal = isatty(descriptor) == 1
        var size = winsize()
        if isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return TerminalSize(columns: Int(size.ws_col), isTerminal: true)
        }
        return TerminalSize(columns: columns(fromEnvironment: environment), isTerminal: isTerminal)
    }

    /// `COLUMNS` when it is a positive number, else ``fallbackColumns``.
    public static func columns(fromEnvironment environment: [String: String]) -> Int {
        environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? fallbackColumns
    }
}
