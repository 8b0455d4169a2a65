/// A way to exchange APDUs with one card: a PC/SC connection, the in-process virtual card, a fake.
///
/// Conformers move bytes and nothing else; the ISO 7816-4 transport rules (GET RESPONSE on `61XX`,
/// re-sending with Le on `6CXX`, command chaining) are layered on top of any channel.
public protocol CardChannel: AnyObject {
    /// Sends one command APDU exactly as given and returns the card's answer: data then SW1 SW2.
    func transmit(_ command: [UInt8]) throws -> [UInt8]

    /// Runs `body` with the card held by this channel alone, so that no other client's APDUs come
    /// between the ones `body` sends (a PC/SC transaction). Calls inside `body` join the
    /// outer one. Channels only one client can reach (the in-process virtual card, fakes) keep
    /// the default, which just runs `body`.
    func exclusively<Result>(_ body: () throws -> Result) throws -> Result
}

extension CardChannel {
    /// Runs `body`: a channel no other client reaches needs no more.
    public func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try body()
    }
}
