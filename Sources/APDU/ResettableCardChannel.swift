/// A `CardChannel` that can also reset its card and report the answer to reset: what script
/// replay needs for `reset` and `atr` assertions.
///
/// Kept apart from `CardChannel` so that simple channels (fakes, relays) need not offer it.
public protocol ResettableCardChannel: CardChannel {
    /// The ATR the card gave at its last reset or power-on.
    func answerToReset() throws -> [UInt8]

    /// Resets the card and returns its new ATR.
    ///
    /// - Parameter cold: `true` removes and restores power (cold reset, ISO/IEC 7816-3 §6.2.2);
    ///   `false` keeps power and pulses RST (warm reset, §6.2.3). Either ends the card session:
    ///   selections, security status and logical channels are lost.
    func reset(cold: Bool) throws -> [UInt8]
}
