import APDU

extension PCSCCard: ResettableCardChannel {
    /// The ATR pcscd reports for the connected card (`SCardStatus`).
    public func answerToReset() throws -> [UInt8] {
        try status().atr
    }

    /// Resets the card through `SCardReconnect` with `SCARD_UNPOWER_CARD` (cold) or
    /// `SCARD_RESET_CARD` (warm), keeping the share mode, and returns the ATR pcscd then reports.
    public func reset(cold: Bool) throws -> [UInt8] {
        try reconnect(initialization: cold ? .unpower : .reset)
        return try status().atr
    }
}
