import Foundation

/// Attaches a `VirtualCard` to a vpcd reader: pcscd then sees a card in "Virtual PCD 00 00"
/// (port 35963) or "Virtual PCD 00 01" (port 35964), like any card in any reader.
///
/// The card is a TCP client of pcscd's vpcd driver. A dedicated thread connects, answers every
/// frame, and connects again with backoff when pcscd restarts. `stop()` closes the connection,
/// which pcscd reports as the card being removed.
public final class VPCDAttachment: @unchecked Sendable {
    /// Where to attach and how to retry.
    public struct Parameters: Sendable {
        /// vpcd's address; pcscd listens on all interfaces, the card uses loopback.
        public var host = "127.0.0.1"
        /// 35963 for "Virtual PCD 00 00", 35964 for "Virtual PCD 00 01".
        public var port: UInt16 = 35963
        /// `TCP_NODELAY` + `TCP_QUICKACK`; fewer only to measure their effect (~40 ms per APDU
        /// without `quickAck`).
        public var socketOptions: VPCDSocketOptions = .lowLatency
        /// First delay before connecting again; doubles up to `maximumBackoff`.
        public var initialBackoff: Duration = .milliseconds(50)
        /// Longest delay between attempts.
        public var maximumBackoff: Duration = .seconds(2)

        /// Loopback, `port`, low-latency socket options, backoff 50 ms doubling up to 2 s.
        public init(port: UInt16 = 35963) { self.port = port }
    }

    /// What the attachment is doing, reported through `onEvent`.
    public enum Event: Sendable, Equatable {
        /// Connected to vpcd: the card is in the reader.
        case attached(port: UInt16)
        /// The connection ended (pcscd stopped, or `stop()`): the card is out of the reader.
        case detached(reason: String)
        /// Could not connect; the next attempt follows after `delay`.
        case retrying(after: Duration, reason: String)
    }

    /// The card being served.
    public let card: VirtualCard
    /// Where it attaches.
    public let parameters: Parameters
    /// Called on the attachment's thread for each event; set before `start()`.
    public var onEvent: (@Sendable (Event) -> Void)?

    private let condition = NSCondition()
    private var isStopped = false
    private var isAttached = false
    private var isRunning = false
    private var socket: VPCDSocket?
    private let finished = DispatchSemaphore(value: 0)

    /// An attachment of `card` to the vpcd port in `parameters`; nothing happens until `start()`.
    public init(card: VirtualCard, parameters: Parameters = Parameters()) {
        self.card = card
        self.parameters = parameters
    }

    /// Starts the thread that connects and serves; returns at once. An attachment runs once:
    /// after `stop()`, make a new one to attach again.
    public func start() {
        condition.withLock { isRunning = true }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "pbtool.VPCDAttachment.\(parameters.port)"
        thread.start()
    }

    /// Detaches the card and waits up to `timeout` for the thread to end; returns whether it did.
    @discardableResult
    public func stop(timeout: Duration = .seconds(5)) -> Bool {
        let wasRunning: Bool = condition.withLock {
            isStopped = true
            socket?.shutdown()
            condition.broadcast()
            return isRunning
        }
        guard wasRunning else { return true }
        let ended = finished.wait(timeout: .now() + (timeout / .seconds(1))) == .success
        if ended { condition.withLock { isRunning = false } }
        return ended
    }

    /// Waits until the card is connected to vpcd, or `timeout` passes; returns whether it is.
    public func waitUntilAttached(timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: (timeout / .seconds(1)))
        return condition.withLock {
            while !isAttached && !isStopped {
                if !condition.wait(until: deadline) { break }
            }
            return isAttached
        }
    }

    private var stopped: Bool { condition.withLock { isStopped } }

    private func run() {
        var backoff = parameters.initialBackoff
        while !stopped {
            let connection: VPCDSocket
            do {
                connection = try VPCDSocket(host: parameters.host, port: parameters.port,
                                            options: parameters.socketOptions)
            } catch {
                onEvent?(.retrying(after: backoff, reason: error.description))
                pause(backoff)
                backoff = min(backoff * 2, parameters.maximumBackoff)
                continue
            }
            backoff = parameters.initialBackoff
            guard setAttached(connection) else { break }
            onEvent?(.attached(port: parameters.port))
            let reason = serve(connection)
            setAttached(nil)
            card.powerOff()
            onEvent?(.detached(reason: stopped ? "stopped" : reason))
        }
    }

    /// Answers frames until the connection ends; returns why it ended.
    private func serve(_ connection: VPCDSocket) -> String {
        var decoder = VPCDFrameDecoder()
        do {
            while true {
                let bytes = try connection.receive()
                if bytes.isEmpty { return "vpcd closed the connection" }
                decoder.append(bytes)
                while let payload = decoder.nextPayload() {
                    if let answer = card.answer(try VPCDMessage(payload: payload)) {
                        try connection.send(VPCDFrameDecoder.frame(answer))
                    }
                }
            }
        } catch {
            return String(describing: error)
        }
    }

    /// Records the live connection; returns false when `stop()` came first.
    @discardableResult
    private func setAttached(_ connection: VPCDSocket?) -> Bool {
        condition.withLock {
            if connection != nil && isStopped { return false }
            socket = connection
            isAttached = connection != nil
            condition.broadcast()
            return true
        }
    }

    /// Sleeps for `delay`, or less if `stop()` is called.
    private func pause(_ delay: Duration) {
        let deadline = Date(timeIntervalSinceNow: (delay / .seconds(1)))
        condition.withLock {
            while !isStopped {
                if !condition.wait(until: deadline) { break }
            }
        }
    }
}
