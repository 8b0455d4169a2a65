import APDU

extension VirtualCardChannel: ResettableCardChannel {
    /// The card's ATR (a virtual card always answers with the same one).
    public func answerToReset() throws -> [UInt8] { card.atr }

    /// Cold: power off then on; warm: `VirtualCard.reset()`. Either way every applet loses its
    /// session state, as on a real card.
    public func reset(cold: Bool) throws -> [UInt8] {
        if cold {
            card.powerOff()
            card.powerOn()
        } else {
            card.reset()
        }
        return card.atr
    }
}
