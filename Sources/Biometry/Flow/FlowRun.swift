import Foundation
import Synchronization

/// Work a controller does on the flow's thread.
protocol FlowBody {
    /// Runs the whole flow; events go through `context`, the result is returned.
    func run(in context: FlowContext) throws -> FlowOutcome
}

/// A value moved to the flow's thread: sensors, stores and card clients are not thread-safe, so
/// the controller hands them over whole and never touches them again.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
}

/// Runs a flow body on a thread of its own and hands its events to an async sequence.
///
/// The thread starts when the sequence is first iterated. Cancelling the iterating task, or
/// calling `cancel()`, stops the flow at its next step; the last event is always
/// ``BiometryEvent/finished(_:)`` unless the body threw, in which case the sequence throws.
final class FlowRun: Sendable {
    let control = FlowControl()
    private let stream: AsyncThrowingStream<BiometryEvent, any Error>
    private let continuation: AsyncThrowingStream<BiometryEvent, any Error>.Continuation
    private let pending: Mutex<Handoff<any FlowBody>?>
    private let name: String

    /// Bytes of stack for the flow's thread: extraction and matching recurse over images.
    static let stackSize = 8 << 20

    init(name: String, body: any FlowBody) {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: BiometryEvent.self, throwing: (any Error).self)
        pending = Mutex(Handoff(value: body))
        self.name = name
        let control = self.control
        continuation.onTermination = { termination in
            if case .cancelled = termination { control.cancel() }
        }
    }

    /// The events; the first call starts the flow, later calls share the same stream.
    func makeAsyncIterator() -> AsyncThrowingStream<BiometryEvent, any Error>.AsyncIterator {
        if let body = pending.withLock({ value -> Handoff<any FlowBody>? in
            defer { value = nil }
            return value
        }) {
            start(body)
        }
        return stream.makeAsyncIterator()
    }

    private func start(_ body: Handoff<any FlowBody>) {
        let context = FlowContext(continuation: continuation, control: control)
        let thread = Thread { [continuation] in
            do {
                let outcome = try Self.outcome(of: body.value, in: context)
                continuation.yield(.finished(outcome))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        thread.name = name
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// The body's outcome; cancellation anywhere becomes ``FlowOutcome/cancelled``.
    private static func outcome(of body: any FlowBody, in context: FlowContext) throws -> FlowOutcome {
        do {
            return try body.run(in: context)
        } catch is FlowCancellation {
            return .cancelled
        }
    }
}
