import APDU

/// The virtual card as a `CardChannel` in the same process, without pcscd: for unit tests and
/// script replay. Inserting powers the card on, as a reader would.
public final class VirtualCardChannel: CardChannel, @unchecked Sendable {
    /// The card behind the channel.
    public let card: VirtualCard

    /// A channel onto `card`, which is powered on (cold start).
    public init(card: VirtualCard) {
        self.card = card
        card.powerOn()
    }

    /// Sends the bytes to the card as they are; never throws (the card answers every input).
    public func transmit(_ command: [UInt8]) throws -> [UInt8] {
        card.respond(to: command)
    }
}
