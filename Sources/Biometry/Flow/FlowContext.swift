/// What a flow's body uses to reach the outside while it runs on its own thread: emit events,
/// notice cancellation, wait at a prompt.
struct FlowContext: Sendable {
    let continuation: AsyncThrowingStream<BiometryEvent, any Error>.Continuation
    let control: FlowControl
    private let promptNumbers = PromptNumbers()

    init(continuation: AsyncThrowingStream<BiometryEvent, any Error>.Continuation, control: FlowControl) {
        self.continuation = continuation
        self.control = control
    }

    /// Hands one event to the user interface.
    func emit(_ event: BiometryEvent) {
        continuation.yield(event)
    }

    /// Throws ``FlowCancellation`` once the flow was cancelled.
    func checkCancellation() throws {
        if control.isCancelled { throw FlowCancellation() }
    }

    /// Posts a prompt and blocks until it is answered; a cancel answer throws ``FlowCancellation``.
    func ask(_ title: String, _ message: String) throws {
        let prompt = Prompt(id: promptNumbers.next(), title: title, message: message)
        let answer = control.waitForAnswer(to: prompt.id) { emit(.prompt(prompt)) }
        if answer == .cancel { throw FlowCancellation() }
    }
}

/// Thrown inside a flow when it was cancelled; the flow ends with ``FlowOutcome/cancelled``.
struct FlowCancellation: Error {}

/// Prompt ids, 1, 2, 3 … within one flow.
final class PromptNumbers: @unchecked Sendable {
    // Only the flow's own thread asks for numbers.
    private var last = 0

    func next() -> Int {
        last += 1
        return last
    }
}
