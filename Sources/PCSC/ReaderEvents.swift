/// Reader and card events from pcscd as an asynchronous sequence, until the consumer stops.
///
/// Each iteration starts its own monitor: a dedicated thread with its own context, blocked in
/// `SCardGetStatusChange` on every reader plus the plug-and-play pseudo-reader (no busy
/// polling). Leaving the loop (or cancelling its task) ends the wait with `SCardCancel`.
/// When pcscd is not running at the start the sequence throws `PCSCError.noService`; when it
/// stops later, its readers are reported removed and the monitor reconnects with backoff.
///
/// ```swift
/// for try await event in ReaderEvents() { print(event) }
/// ```
public struct ReaderEvents: AsyncSequence, Sendable {
    public typealias Element = ReaderEvent

    /// Timing of the monitor.
    public struct Parameters: Sendable {
        /// Longest single wait in pcscd; bounds how long a stop can go unnoticed if its cancel
        /// arrives just before the wait begins.
        public var wakeInterval: Duration = .seconds(1)
        /// First delay before reconnecting to a pcscd that went away; doubles up to `maximumBackoff`.
        public var initialBackoff: Duration = .milliseconds(100)
        /// Longest delay between reconnection attempts.
        public var maximumBackoff: Duration = .seconds(2)

        /// The defaults: wake every second, reconnect after 0.1 s doubling up to 2 s.
        public init() {}
    }

    /// Whether the readers and cards present at the start are reported as added and inserted.
    public let reportsCurrentState: Bool
    /// Timing of the monitor.
    public let parameters: Parameters

    /// Events from now on; with `reportsCurrentState`, the current readers and cards first.
    public init(reportsCurrentState: Bool = false, parameters: Parameters = Parameters()) {
        self.reportsCurrentState = reportsCurrentState
        self.parameters = parameters
    }

    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ReaderEvent.self)
        let monitor = ReaderMonitor(continuation: continuation, reportsCurrentState: reportsCurrentState,
                                    parameters: parameters)
        continuation.onTermination = { _ in monitor.stop() }
        monitor.start()
        return Iterator(events: stream.makeAsyncIterator(), owner: MonitorOwner(monitor))
    }

    /// Hands out the monitor's events; the monitor stops when the last copy of the iterator goes
    /// away (a loop left with `break`), or when the iterating task is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        private var events: AsyncThrowingStream<ReaderEvent, any Error>.Iterator
        private let owner: MonitorOwner

        init(events: AsyncThrowingStream<ReaderEvent, any Error>.Iterator, owner: MonitorOwner) {
            self.events = events
            self.owner = owner
        }

        public mutating func next() async throws -> ReaderEvent? {
            try await events.next()
        }
    }
}

/// Stops its monitor when released: leaving a `for await` loop drops the iterator but does not
/// terminate the underlying stream (its continuation lives on in the monitor thread).
final class MonitorOwner: Sendable {
    private let monitor: ReaderMonitor

    init(_ monitor: ReaderMonitor) { self.monitor = monitor }

    deinit { monitor.stop() }
}
