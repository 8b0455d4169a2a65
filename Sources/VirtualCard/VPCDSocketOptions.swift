/// The TCP options the card sets on its vpcd connection (see `VPCDSocket` for why).
public struct VPCDSocketOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `TCP_NODELAY`: send answers at once, without Nagle's wait for outstanding ACKs.
    public static let noDelay = Self(rawValue: 1 << 0)
    /// `TCP_QUICKACK`, set again after every read: acknowledge vpcd's length write at once, so
    /// its payload write is not held back ~40 ms by Nagle on vpcd's side.
    public static let quickAck = Self(rawValue: 1 << 1)
    /// Both: what the card uses unless measuring.
    public static let lowLatency: Self = [.noDelay, .quickAck]
}
