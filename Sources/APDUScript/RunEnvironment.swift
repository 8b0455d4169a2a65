import APDU
import Foundation

/// Where a run gets its card channels: PC/SC readers, the in-process virtual card, a fake.
public protocol CardConnector: AnyObject {
    /// The channel to the card in `reader`; nil asks for the default reader.
    ///
    /// Called before the first exchange and after each `reader` statement; implementations may
    /// hand out the same channel again. Whatever it throws ends the run as a transport failure.
    func channel(reader: String?) throws -> any CardChannel

    /// Words an error from this connector or its channels for a report (default: its description).
    func describe(_ error: any Error) -> String
}

/// What the runner tells the outside while it works, in order.
public enum RunEvent: Sendable {
    /// The run starts; these are the tests it expects to report (top-level statements without
    /// card exchanges are only reported when they fail).
    case started(planned: [TestIdentity])
    /// One line of the running test's trace.
    case trace(TestIdentity, TraceLine)
    /// A test ended (also sent for each skipped test).
    case finished(TestResult)
    /// The run ended.
    case completed(RunResult)
}

/// Receives the events of a run, on the runner's thread.
public protocol ScriptRunObserver: AnyObject {
    /// Called for every event, in order.
    func receive(_ event: RunEvent)
}

/// The time source of a run: `sleep` statements and durations go through it, so tests need
/// not wait.
public protocol ScriptClock: Sendable {
    /// The current instant.
    var now: ContinuousClock.Instant { get }
    /// Blocks the calling thread for `duration`.
    func sleep(for duration: Duration)
}

/// The real clock: `ContinuousClock` and `Thread.sleep`.
public struct SystemScriptClock: ScriptClock {
    /// The real clock.
    public init() {}

    public var now: ContinuousClock.Instant { ContinuousClock.now }

    public func sleep(for duration: Duration) {
        Thread.sleep(forTimeInterval: (duration / .milliseconds(1)) / 1000)
    }
}

/// How a run starts; scripts change the transport switches and stop-on-fail with `option`.
public struct RunSettings: Sendable {
    /// GET RESPONSE, `6CXX` re-send and chaining at the start of each script.
    public var transportRules: TransportRules
    /// Stop after the first failed test, whatever the scripts say (`--stop-on-fail`).
    public var stopOnFail: Bool
    /// Keep PINs, keys and environment values in traces (`--show-secrets`).
    public var showsSecrets: Bool
    /// What traces hide unless `showsSecrets` (commands built from environment values hide all
    /// their data in any case); `.scriptDefault` knows ISO's and GlobalPlatform's instructions.
    public var secrets: APDURedaction
    /// When set, `reader` statements are ignored and this reader is used (`--reader`, `--emulate`).
    public var fixedReader: FixedReader?

    /// Why `reader` statements are ignored.
    public enum FixedReader: Sendable, Equatable {
        /// The command line named a reader.
        case named(String)
        /// The run uses the in-process virtual card.
        case emulated
    }

    /// Settings from their parts; the defaults are what `pbtool apdu run` uses without options.
    public init(transportRules: TransportRules = .standard, stopOnFail: Bool = false, showsSecrets: Bool = false,
                secrets: APDURedaction = .scriptDefault, fixedReader: FixedReader? = nil) {
        self.transportRules = transportRules
        self.stopOnFail = stopOnFail
        self.showsSecrets = showsSecrets
        self.secrets = secrets
        self.fixedReader = fixedReader
    }
}
