import APDU
import APDUScript
import Foundation
import VirtualCard

/// Scripts held in memory, parsed as if from files.
enum ScriptFixtures {
    /// A loader over `files` (path → text); other paths do not exist.
    static func loader(_ files: [String: String]) -> ScriptLoader {
        ScriptLoader { path in
            guard let text = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
            return text
        }
    }

    /// Parses `text` as `t.apdu`, with `files` available to `include`.
    static func parse(_ text: String, file: String = "t.apdu", files: [String: String] = [:]) throws -> Script {
        try loader(files).parse(text, file: file)
    }

    /// The syntax error `text` gives; nil when it parses.
    static func syntaxError(_ text: String, files: [String: String] = [:]) -> ScriptSyntaxError? {
        do {
            _ = try parse(text, files: files)
            return nil
        } catch let error as ScriptSyntaxError {
            return error
        } catch {
            return nil
        }
    }

    /// A fresh virtual card with the demo applet, as a channel.
    static func demoCard() throws -> VirtualCardChannel {
        VirtualCardChannel(card: try VirtualCard(applets: [DemoApplet()]))
    }

    /// SELECT of the demo applet, as a script line.
    static let selectDemo = "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00"
}

/// Hands out one channel for every reader and remembers what was asked for.
final class FixedConnector: CardConnector {
    let channel: any CardChannel
    private(set) var requestedReaders: [String?] = []
    var failure: (any Error)?

    init(_ channel: any CardChannel) {
        self.channel = channel
    }

    func channel(reader: String?) throws -> any CardChannel {
        requestedReaders.append(reader)
        if let failure { throw failure }
        return channel
    }
}

/// A clock whose sleeps return at once and only move its time on.
final class SteppingClock: ScriptClock, @unchecked Sendable {
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset = Duration.zero
    private var sleepsTaken: [Duration] = []

    var now: ContinuousClock.Instant { lock.withLock { start + offset } }
    var sleeps: [Duration] { lock.withLock { sleepsTaken } }

    func sleep(for duration: Duration) {
        lock.withLock {
            offset += duration
            sleepsTaken.append(duration)
        }
    }
}

/// Keeps every event of a run.
final class EventLog: ScriptRunObserver {
    private(set) var events: [RunEvent] = []

    func receive(_ event: RunEvent) { events.append(event) }

    var traces: [TraceLine] {
        events.compactMap { if case .trace(_, let line) = $0 { line } else { nil } }
    }
}

/// Runs `text` against `channel` and returns the result.
func run(_ text: String, on channel: any CardChannel, environment: [String: String] = [:],
         settings: RunSettings = RunSettings(), clock: SteppingClock = SteppingClock(),
         observer: (any ScriptRunObserver)? = nil, files: [String: String] = [:]) throws -> RunResult {
    let script = try ScriptFixtures.parse(text, files: files)
    let runner = ScriptRunner(connector: FixedConnector(channel), environment: environment, settings: settings,
                              clock: clock, observer: observer)
    return runner.run([script])
}
