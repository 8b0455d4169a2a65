import APDU

/// A parsed script: its statements in order, `include`d files expanded in place.
public struct Script: Sendable {
    /// The path the script was loaded from.
    public let file: String
    /// The top-level statements.
    public let statements: [Statement]

    /// A script from already parsed statements.
    public init(file: String, statements: [Statement]) {
        self.file = file
        self.statements = statements
    }
}

/// One statement of a script and where it starts.
public struct Statement: Sendable {
    /// What the statement does.
    public indirect enum Kind: Sendable {
        /// Send a command APDU and check its answer.
        case command(CommandStep)
        /// `test "name" { … }`: a named group reported as one test case.
        case test(name: String, body: [Statement])
        /// `reset [cold|warm]`; warm when not said, as scriptor does.
        case reset(cold: Bool)
        /// `atr PATTERN [mask HEX]`: the ATR of the last reset (or of the connection) must match.
        case atr(ATRExpectation)
        /// `let $name = HEX…`.
        case assign(name: String, value: ByteExpression)
        /// `repeat N { … }`.
        case repeatBlock(count: Int, body: [Statement])
        /// `sleep 250ms`.
        case sleep(Duration)
        /// `option NAME on|off`.
        case option(ScriptOption, enabled: Bool)
        /// `reader "name"`: the reader to use from here on.
        case reader(String)
        /// `channel N`: the logical channel put into the CLA of every following command.
        case channel(Int)
        /// `include "file"`: the statements of another file, parsed with it as their origin.
        case include(file: String, body: [Statement])
    }

    /// Where the statement's first token is.
    public let location: SourceLocation
    /// What it does.
    public let kind: Kind

    /// A statement at `location`.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// A command APDU line: the bytes to send, the checks on the answer, the captures from it.
public struct CommandStep: Sendable {
    /// The command as written, variables and environment references unresolved.
    public let command: ByteExpression
    /// The command, when it is written in plain hex (checked when the script was parsed).
    public let literal: CommandAPDU?
    /// Every check, in the order written (`=9000`, `data …`, `tlv …`; `expect` lines included).
    public var expectations: [Expectation]
    /// Every `-> $name`, in the order written.
    public var captures: [Capture]

    /// A step from its parts.
    public init(command: ByteExpression, literal: CommandAPDU?, expectations: [Expectation] = [], captures: [Capture] = []) {
        self.command = command
        self.literal = literal
        self.expectations = expectations
        self.captures = captures
    }
}

/// `atr PATTERN [mask HEX]`.
public struct ATRExpectation: Sendable {
    /// The pattern the ATR must match (wildcards allowed).
    public let pattern: BytePattern
    /// A bit mask applied to both sides byte by byte (`FF` where it is shorter); nil for none.
    public let mask: [UInt8]?

    /// An ATR check from its parts.
    public init(pattern: BytePattern, mask: [UInt8]?) {
        self.pattern = pattern
        self.mask = mask
    }
}

/// The switches `option NAME on|off` sets, from that statement on, for the rest of the script.
public enum ScriptOption: String, Sendable, CaseIterable, Encodable {
    /// Fetch `61XX` data with GET RESPONSE (on by default).
    case getResponse = "getresponse"
    /// Re-send once with Le = XX on `6CXX` (on by default).
    case exactLength = "6cxx"
    /// Split extended-length data above 255 bytes into a command chain (on by default).
    case chaining
    /// Stop the whole run after the first failed test (off by default).
    case stopOnFail = "stop-on-fail"
}
