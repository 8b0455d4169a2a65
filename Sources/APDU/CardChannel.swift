/// A way to exchange APDUs with one card: a PC/SC connection, the in-process virtual card, a fake.
///
/// Conformers move bytes and nothing else; the ISO 7816-4 transport rules (GET RESPONSE on `61XX`,
/// re-sending with Le on `6CXX`, command chaining) are layered on top of any channel.
public protocol CardChannel: AnyObject {
    /// Sends one command APDU exactly as given and returns the card's answer: data then SW1 SW2.
    func transmit(_ command: [UInt8]) throws -> [UInt8]
}
