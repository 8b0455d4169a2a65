import APDU
import ArgumentParser
import BiometricFormats
import Foundation
import PCSC
import SmartCard

/// The options every card-edge command shares: which reader, JSON output, a time limit.
struct CardEdgeOptions: ParsableArguments {
    @Option(help: "The reader: its full name, or a unique part of it (default: the first with a card; commands that change the card need it when two hold one).")
    var reader: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: "Give up after this long (30, 30s, 500ms, 2m).", transform: OptionValue.seconds)
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be above 0 seconds") }
    }

    /// The command's deadline: every PC/SC call ends by `--timeout` (exit 7 when one runs into it).
    func deadline() -> PCSCDeadline {
        PCSCDeadline(after: .seconds(timeout), awaiting: "pcscd or the card")
    }

    /// Prints `report` as JSON or as its text lines.
    func print(_ report: some Encodable, lines: [String]) throws {
        if json {
            try JSONOutput.print(report)
        } else {
            lines.forEach { Swift.print($0) }
        }
    }
}

/// `--admin-key HEX`, or `PBTOOL_ADMIN_KEY` so the key stays out of the process list.
struct AdminKeyOption: ParsableArguments {
    /// The environment variable read when `--admin-key` is absent.
    static let environmentVariable = "PBTOOL_ADMIN_KEY"

    @Option(name: .customLong("admin-key"),
            help: "The BioManager admin key in hex, 8 to 16 bytes (or set PBTOOL_ADMIN_KEY).")
    var text: String?

    /// The key; throws a usage failure when it is missing or not 8–16 bytes of hex.
    func key(for purpose: String) throws -> [UInt8] {
        if let text { return try Self.parse(text, from: "--admin-key") }
        guard let text = ProcessInfo.processInfo.environment[Self.environmentVariable] else {
            throw CommandFailure(.usage, "\(purpose) needs the admin key: --admin-key HEX or \(Self.environmentVariable)")
        }
        return try Self.parse(text, from: Self.environmentVariable)
    }

    /// The key from `--admin-key` or `PBTOOL_ADMIN_KEY`, nil when neither is given.
    func optionalKey() throws -> [UInt8]? {
        if let text { return try Self.parse(text, from: "--admin-key") }
        return try ProcessInfo.processInfo.environment[Self.environmentVariable].map { try Self.parse($0, from: Self.environmentVariable) }
    }

    /// The key in `text`; the error names the problem and the character's position in `source`,
    /// never the key or any part of it (it may be the right key with one typo).
    static func parse(_ text: String, from source: String = "--admin-key") throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](hex: text)
        } catch let error as HexParseError {
            throw CommandFailure(.usage, "the admin key in \(source) is not hex: \(Self.describe(error))")
        }
        guard (8...16).contains(bytes.count) else {
            throw CommandFailure(.usage, "the admin key in \(source) must be 8 to 16 bytes, not \(bytes.count)")
        }
        return bytes
    }

    /// What is wrong and where (1-based character), without the characters themselves.
    private static func describe(_ error: HexParseError) -> String {
        let prefix = error.token.lowercased().hasPrefix("0x") ? 2 : 0
        switch error.problem {
        case .notAHexDigit(let character):
            let offset = error.token.dropFirst(prefix).firstIndex(of: character)
                .map { error.token.distance(from: error.token.startIndex, to: $0) } ?? prefix
            return "character \(error.position + offset) is not a hex digit"
        case .oddDigitCount(let count):
            return "an odd number of hex digits (\(count)) in the group starting at character \(error.position)"
        case .emptyAfterPrefix:
            return "no digits after 0x at character \(error.position)"
        }
    }
}

/// Which biometric card edge a command uses: `auto` (BioManager when the card has one, else the
/// ISO match-on-card application), `biomanager`, `iso`.
typealias EdgeChoice = CardBiometricEdge.Choice

extension CardBiometricEdge.Choice: ExpressibleByArgument {}

extension Finger: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }

    public static var allValueStrings: [String] { Finger.names }
}
