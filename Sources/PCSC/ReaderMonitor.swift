import Foundation

/// The thread behind `ReaderEvents`: waits in pcscd, turns changes into events, survives restarts.
final class ReaderMonitor: @unchecked Sendable {
    private let continuation: AsyncThrowingStream<ReaderEvent, any Error>.Continuation
    private let reportsCurrentState: Bool
    private let parameters: ReaderEvents.Parameters
    private let lock = NSCondition()
    private var isStopped = false
    private var context: PCSCContext?
    private var tracker = ReaderEventTracker()

    init(continuation: AsyncThrowingStream<ReaderEvent, any Error>.Continuation,
         reportsCurrentState: Bool, parameters: ReaderEvents.Parameters) {
        self.continuation = continuation
        self.reportsCurrentState = reportsCurrentState
        self.parameters = parameters
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "pbtool.ReaderMonitor"
        thread.start()
    }

    /// Ends the monitor from any thread: the blocking wait returns `SCARD_E_CANCELLED`.
    func stop() {
        let current: PCSCContext? = lock.withLock {
            isStopped = true
            lock.broadcast()
            return context
        }
        current?.cancel()
    }

    private var stopped: Bool { lock.withLock { isStopped } }

    /// How many monitor threads are running in the process (tests check that they end).
    static var runningCount: Int { runningLock.withLock { running } }
    private static let runningLock = NSLock()
    nonisolated(unsafe) private static var running = 0

    private func run() {
        Self.runningLock.withLock { Self.running += 1 }
        defer { Self.runningLock.withLock { Self.running -= 1 } }
        var backoff = parameters.initialBackoff
        var hasConnected = false
        while !stopped {
            do {
                try watch(isReconnection: hasConnected) {
                    hasConnected = true
                    backoff = parameters.initialBackoff
                }
            } catch let error as PCSCError where hasConnected && Self.meansServiceLost(error) {
                // pcscd stopped after we had reached it: report its readers gone and wait for it.
                emit(tracker.removeAll())
                pause(backoff)
                backoff = min(backoff * 2, parameters.maximumBackoff)
            } catch {
                if !stopped { continuation.finish(throwing: error) }
                return
            }
        }
        continuation.finish()
    }

    /// Sleeps for `delay`, or less if `stop()` is called.
    private func pause(_ delay: Duration) {
        let deadline = Date(timeIntervalSinceNow: delay / .seconds(1))
        lock.withLock {
            while !isStopped && lock.wait(until: deadline) {}
        }
    }

    /// pcscd went away (or restarted, leaving our context unknown to it).
    private static func meansServiceLost(_ error: PCSCError) -> Bool {
        error.isServiceLost || error == .invalidHandle
    }

    /// One session on one context: returns when stopped, throws when pcscd goes away.
    /// `connected` runs once the context is established.
    private func watch(isReconnection: Bool, connected: () -> Void) throws {
        let session = try PCSCContext()
        connected()
        lock.withLock { context = session }
        defer { lock.withLock { context = nil } }
        if stopped { return }

        var states = [ReaderState(reader: PCSCContext.plugAndPlayReader)]
        let listed = tracker.readersListed(try session.readers())
        states += tracker.readers.map { ReaderState(reader: $0) }
        try session.waitForStatusChange(&states, timeout: .zero)
        let initial = listed + states.dropFirst().flatMap { tracker.stateChanged($0) }
        if reportsCurrentState || isReconnection { emit(initial) }

        while !stopped {
            let changed: Bool
            do {
                changed = try session.waitForStatusChange(&states, timeout: parameters.wakeInterval)
            } catch {
                // A `catch … where` on a typed throw here crashes the Swift 6.3.1 compiler.
                if error == .cancelled { return }
                // pcsc-lite 1.9 fails the whole wait when a listed reader was unplugged.
                guard error == .unknownReader else { throw error }
                try takeChanges(&states, session: session, readerSetChanged: true)
                continue
            }
            guard changed, !stopped else { continue }
            try takeChanges(&states, session: session)
        }
    }

    /// Re-lists readers when the pseudo-reader or an unknown reader says the set changed, then
    /// reports what happened to each changed reader.
    private func takeChanges(_ states: inout [ReaderState], session: PCSCContext,
                             readerSetChanged forced: Bool = false) throws {
        let plugAndPlay = states[0]
        let readerSetChanged = forced || plugAndPlay.hasChanged || plugAndPlay.flags.contains(.unknown)
            || states.dropFirst().contains { $0.flags.contains(.unknown) }
        var events: [ReaderEvent] = []
        if readerSetChanged {
            events += tracker.readersListed(try session.readers())
            let previous = Dictionary(states.dropFirst().map { ($0.reader, $0) }, uniquingKeysWith: { first, _ in first })
            states = [plugAndPlay] + tracker.readers.map { previous[$0] ?? ReaderState(reader: $0) }
        }
        for state in states.dropFirst() where state.hasChanged && !forced {
            events += tracker.stateChanged(state)
        }
        emit(events)
    }

    private func emit(_ events: [ReaderEvent]) {
        for event in events { continuation.yield(event) }
    }
}
