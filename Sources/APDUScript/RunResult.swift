/// Which test a result or a trace line belongs to.
public struct TestIdentity: Hashable, Sendable, Encodable {
    /// The script file (JUnit's classname).
    public let file: String
    /// The name in `test "…"`, or `top level (line N)` for statements outside any test.
    public let name: String
    /// Where the test (or its first statement) starts.
    public let location: SourceLocation
    /// Whether it stands for top-level statements rather than a `test` block.
    public let isImplicit: Bool

    /// An identity from its parts.
    public init(file: String, name: String, location: SourceLocation, isImplicit: Bool) {
        self.file = file
        self.name = name
        self.location = location
        self.isImplicit = isImplicit
    }
}

/// How a test ended.
public enum TestStatus: String, Sendable, Encodable {
    /// Every check held.
    case passed
    /// A check did not hold (exit status 1).
    case failed
    /// The script could not go on: a bad value at run time (exit 2), or the card or its
    /// transport failed (exit 3).
    case error
    /// Not run: an earlier failure with stop-on-fail, or a transport failure.
    case skipped
}

/// Why a test failed or stopped, and where.
public struct TestFailure: Sendable, Encodable, Equatable {
    /// The check or statement that failed.
    public let location: SourceLocation
    /// What happened, in words.
    public let message: String
    /// What the script asked for, as written (status list, pattern), when there is one.
    public let expected: String?
    /// What the card answered, when there is one.
    public let actual: String?

    /// A failure from its parts.
    public init(location: SourceLocation, message: String, expected: String? = nil, actual: String? = nil) {
        self.location = location
        self.message = message
        self.expected = expected
        self.actual = actual
    }
}

/// The outcome of one test.
public struct TestResult: Sendable {
    /// Which test.
    public let identity: TestIdentity
    /// How it ended.
    public let status: TestStatus
    /// Time from its first statement to its end (zero when skipped).
    public let duration: Duration
    /// The checks that failed (for `failed`) or the problem (for `error`, `skipped`).
    public let failures: [TestFailure]
    /// Every exchange and event while it ran, secrets redacted unless asked otherwise.
    public let trace: [TraceLine]
    /// Command APDUs it sent (hidden GET RESPONSEs and chain blocks not counted).
    public let commandCount: Int

    /// A result from its parts.
    public init(identity: TestIdentity, status: TestStatus, duration: Duration, failures: [TestFailure] = [],
                trace: [TraceLine] = [], commandCount: Int = 0) {
        self.identity = identity
        self.status = status
        self.duration = duration
        self.failures = failures
        self.trace = trace
        self.commandCount = commandCount
    }
}

/// The outcome of a whole run: every test of every script, in order.
public struct RunResult: Sendable {
    /// How the run as a whole ended; the CLI turns this into its exit status.
    public enum Verdict: String, Sendable, Encodable {
        /// Every test passed (exit 0).
        case passed
        /// At least one check failed (exit 1).
        case failed
        /// A script problem showed up at run time (exit 2).
        case scriptError
        /// The card or its transport failed, ending the run (exit 3).
        case transportError
    }

    /// All tests, in run order.
    public let tests: [TestResult]
    /// The card or transport failure that ended the run early, if one did.
    public let transportFailure: TestFailure?
    /// Wall time of the run.
    public let duration: Duration

    /// A result from its parts.
    public init(tests: [TestResult], transportFailure: TestFailure?, duration: Duration) {
        self.tests = tests
        self.transportFailure = transportFailure
        self.duration = duration
    }

    /// The number of tests with `status`.
    public func count(_ status: TestStatus) -> Int { tests.count { $0.status == status } }

    /// Transport failure first, then script errors, then failed checks.
    public var verdict: Verdict {
        if transportFailure != nil { return .transportError }
        if tests.contains(where: { $0.status == .error }) { return .scriptError }
        if tests.contains(where: { $0.status == .failed }) { return .failed }
        return .passed
    }

    /// Commands sent over the whole run.
    public var commandCount: Int { tests.reduce(0) { $0 + $1.commandCount } }
}
