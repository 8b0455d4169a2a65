/// The ISO/IEC 7816-4 transport rules `CardTransport` applies on top of a raw `CardChannel`.
///
/// Each rule can be switched off per transport or per call: secure-messaging layers, GlobalPlatform
/// tools and script replays often need to see the raw `61XX`/`6CXX` answers.
public struct TransportRules: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// On `61XX`, send GET RESPONSE (`C0`) with Le = XX until SW1 ≠ `61`, concatenating the data
    /// (7816-4 §5.3.4).
    public static let getResponse = TransportRules(rawValue: 1 << 0)
    /// On `6CXX`, re-send the same command once with Le = XX (7816-4 §5.3.4).
    public static let resendWithExactLength = TransportRules(rawValue: 1 << 1)
    /// Split data longer than one short block into a chain (CLA b5, 7816-4 §5.3.3) instead of
    /// sending extended lengths. Commands built with `.extended` encoding are never chained.
    public static let commandChaining = TransportRules(rawValue: 1 << 2)
    /// Also apply GET RESPONSE and `6CXX` re-sends to commands whose CLA announces ISO secure
    /// messaging; off by default because an SM layer must see those answers itself (§10).
    public static let insideSecureMessaging = TransportRules(rawValue: 1 << 3)

    /// GET RESPONSE, `6CXX` re-send and command chaining: what most callers want.
    public static let standard: TransportRules = [.getResponse, .resendWithExactLength, .commandChaining]
    /// Every command goes out as built and every answer comes back as the card sent it.
    public static let raw: TransportRules = []
}

/// Caps that keep a buggy or hostile card from looping the transport forever.
public struct TransportLimits: Hashable, Sendable {
    /// Most GET RESPONSE commands sent for one command.
    public var maximumGetResponses: Int
    /// Most response data bytes collected for one command.
    public var maximumResponseBytes: Int
    /// Data bytes per chained command, 1…255 (some cards want smaller blocks, e.g. 250).
    public var chainingBlockSize: Int

    /// Limits with the defaults of docs/apdu.md: 256 GET RESPONSEs, 64 KiB, 255-byte blocks.
    public init(maximumGetResponses: Int = 256, maximumResponseBytes: Int = 65_536,
                chainingBlockSize: Int = CommandAPDU.maximumShortDataCount) {
        self.maximumGetResponses = maximumGetResponses
        self.maximumResponseBytes = maximumResponseBytes
        self.chainingBlockSize = chainingBlockSize
    }

    /// `chainingBlockSize` clamped to what a short command can carry.
    var effectiveBlockSize: Int { min(max(1, chainingBlockSize), CommandAPDU.maximumShortDataCount) }
}
