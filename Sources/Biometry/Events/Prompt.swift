/// A question the flow blocks on until the person answers it (PBBiometryGUI's blocking
/// prompts): go on to the next step, or cancel.
public struct Prompt: Sendable, Hashable {
    /// Numbers prompts within one flow, so an answer cannot reach the wrong one.
    public let id: Int
    /// A few words, e.g. "Step 2 of 4: speed".
    public let title: String
    /// What the person reads before answering.
    public let message: String

    /// A prompt with these texts.
    public init(id: Int, title: String, message: String) {
        self.id = id
        self.title = title
        self.message = message
    }
}

/// The answers a prompt takes.
public enum PromptAnswer: String, Sendable, Hashable, Codable, CaseIterable {
    /// Go on.
    case next
    /// Stop the flow; it ends with ``FlowOutcome/cancelled``.
    case cancel
}
