/// Deadlines and interruption: the one way PCSC ends calls pcsc-lite cannot cancel
/// (docs/pcsc-deadlines.md).
extension PCSCContext {
    /// Runs `body`; when it is still running after `limit`, the context is interrupted: the call
    /// it is blocked in fails, and it and every later call on the context throw
    /// `PCSCError.timeout` reading "timed out after N s waiting for `awaited`".
    ///
    /// A context that was interrupted before throws that error at once. Deadlines nest: the
    /// earliest passes first.
    public func withDeadline<Result>(_ limit: Duration, awaiting awaited: String,
                                     _ body: () throws -> Result) throws -> Result {
        if let reason = interruption.reason { throw reason }
        let entry = arm(PCSCDeadline(after: limit, awaiting: awaited))
        defer { DeadlineWatcher.shared.disarm(entry) }
        return try body()
    }

    /// ``withDeadline(_:awaiting:_:)`` for PCSC's own calls, keeping their typed error.
    func bounded<Result>(by limit: Duration?, awaiting awaited: @autoclosure () -> String,
                         _ body: () throws(PCSCError) -> Result) throws(PCSCError) -> Result {
        guard let limit else { return try body() }
        if let reason = interruption.reason { throw reason }
        let entry = arm(PCSCDeadline(after: limit, awaiting: awaited()))
        defer { DeadlineWatcher.shared.disarm(entry) }
        return try body()
    }

    /// Ends every call blocked on this context now, from any thread, and every later one: they
    /// throw `PCSCError.cancelled`. pcscd releases the context's cards as when a client ends
    /// (resetting them); the context is spent. To end only a `waitForStatusChange`, and keep
    /// the context, use `cancel()`.
    public func interrupt() {
        interruption.cut(with: PCSCError(code: PCSCError.cancelled.code, detail: "the PC/SC operation was cancelled"))
    }

    /// Whether calls on the context were cut short by a deadline or ``interrupt()``.
    public var isInterrupted: Bool { interruption.reason != nil }

    private func arm(_ deadline: PCSCDeadline) -> Int {
        let interruption = interruption
        return DeadlineWatcher.shared.arm(at: deadline.instant) { interruption.cut(with: deadline.error) }
    }
}
