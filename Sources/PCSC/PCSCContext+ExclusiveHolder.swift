extension PCSCContext {
    /// Connects like ``connect(to:share:protocols:)``, but while another application holds the
    /// card exclusively (`SCARD_E_SHARING_VIOLATION`) waits in pcscd (`SCardGetStatusChange`)
    /// for the reader to change — the holder letting go, or the card leaving — and tries again.
    ///
    /// A holder of a transaction is waited for the same way by pcscd itself; this makes an
    /// exclusive holder no different. The wait ends at the context's deadline
    /// (``init(deadline:)``: `PCSCError.timeout`); without one it waits as long as the holder holds.
    public func connectWaitingForExclusiveHolder(to reader: String, share: ShareMode = .shared,
                                                 protocols: CardProtocols = .any) throws(PCSCError) -> PCSCCard {
        var states = [ReaderState(reader: reader)]
        while true {
            do {
                return try connect(to: reader, share: share, protocols: protocols)
            } catch where error == .sharingViolation {
                _ = try waitForStatusChange(&states, timeout: .zero)
                while states[0].flags.contains(.exclusive) {
                    _ = try waitForStatusChange(&states, timeout: nil)
                }
            }
        }
    }
}
