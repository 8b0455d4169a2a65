/// A controller: an async sequence of ``BiometryEvent``s that a user interface renders, plus
/// the two ways back into the flow (answering prompts, cancelling).
///
/// Iterate it once. The flow runs on a thread of its own while you iterate, and owns the sensor,
/// store and card it was given until the sequence ends.
public protocol BiometryFlow: AsyncSequence, Sendable where Element == BiometryEvent, Failure == any Error {
    /// Answers the prompt with this id (from ``BiometryEvent/prompt(_:)``).
    func answer(_ promptID: Int, with answer: PromptAnswer)
    /// Stops the flow at its next step; it ends with ``FlowOutcome/cancelled`` and releases the
    /// sensor. Safe from any thread, including a signal handler's queue.
    func cancel()
}
