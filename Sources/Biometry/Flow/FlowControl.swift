import Foundation

/// The two things that cross from the user interface into a running flow: cancellation and the
/// answer to the prompt the flow waits on. Thread-safe.
final class FlowControl: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var cancelled = false
    private var waitingPrompt: Int?
    private var answer: PromptAnswer?

    /// Whether `cancel()` was called.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Asks the flow to stop at its next step; a prompt it waits on returns `.cancel`.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Answers prompt `id`; an answer for another prompt (or none pending) is ignored.
    func answer(_ id: Int, with answer: PromptAnswer) {
        condition.lock()
        if waitingPrompt == id {
            self.answer = answer
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Blocks the flow's thread until prompt `id` is answered or the flow is cancelled.
    func waitForAnswer(to id: Int, afterPosting post: () -> Void) -> PromptAnswer {
        condition.lock()
        waitingPrompt = id
        answer = nil
        condition.unlock()
        post()
        condition.lock()
        defer { condition.unlock() }
        while answer == nil && !cancelled { condition.wait() }
        waitingPrompt = nil
        return cancelled ? .cancel : answer ?? .cancel
    }
}
