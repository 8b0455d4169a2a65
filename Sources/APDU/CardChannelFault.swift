/// How a channel failed, in terms a card edge can report whatever the channel is (PC/SC, the
/// in-process virtual card, a relay): the edge turns these into its own domain errors.
public enum CardChannelFault: Sendable, Hashable {
    /// The card left the reader during the exchange.
    case cardRemoved
    /// Another application reset the card: selections and verified state are gone.
    case cardReset
    /// Another application holds the card (an exclusive connection, or a transaction of its own).
    case cardBusy
    /// The reader or the service behind the channel went away.
    case connectionLost
    /// The exchange ran past its deadline.
    case timedOut
    /// The exchange was cancelled.
    case cancelled
}

/// An error a channel throws that says which ``CardChannelFault`` it is; a channel's other
/// errors answer nil and pass through the edges unchanged.
public protocol CardChannelError: Error {
    /// The fault this error is, if any.
    var channelFault: CardChannelFault? { get }
}
