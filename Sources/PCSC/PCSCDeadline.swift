/// How long PC/SC calls on a context may block before PCSC ends them: the one deadline mechanism
/// of this module (docs/pcsc-deadlines.md).
///
/// pcsc-lite cannot cancel `SCardConnect`, `SCardTransmit` or `SCardBeginTransaction`. When a
/// deadline passes, PCSC shuts down the context's socket to pcscd: the blocked call returns, and
/// it and every later call on the context throw `PCSCError.timeout` worded with what was awaited
/// ("timed out after 2 s waiting for the card"). pcscd then releases the context's cards as it
/// does when a client ends, resetting them. The context is spent: establish a new one.
///
/// A deadline is set for a whole context (``PCSCContext/init(deadline:)``), for one piece of work
/// (``PCSCContext/withDeadline(_:awaiting:_:)``) or for every operation on a card
/// (``PCSCCard/operationLimit``). ``PCSCContext/interrupt()`` ends the calls at once, from any
/// thread, the same way.
public struct PCSCDeadline: Sendable {
    /// How long from the deadline's creation.
    public let limit: Duration
    /// What a call that runs into the deadline was waiting for: "pcscd or the card".
    public let awaited: String
    /// When it passes.
    let instant: ContinuousClock.Instant

    /// A deadline `limit` from now; `awaited` completes "waiting for …" in the error.
    public init(after limit: Duration, awaiting awaited: String) {
        self.limit = limit
        self.awaited = awaited
        instant = .now + limit
    }

    /// The error a call that ran into the deadline throws.
    var error: PCSCError {
        PCSCError(code: PCSCError.timeout.code, detail: "timed out after \(Self.seconds(limit)) s waiting for \(awaited)")
    }

    /// `2`, `0.5`: the limit in seconds without trailing zeros.
    static func seconds(_ limit: Duration) -> String {
        let seconds = limit / .seconds(1)
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
