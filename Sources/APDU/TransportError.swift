/// Why `CardTransport` gave up on a command; the channel's own errors pass through unchanged.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The card kept answering `61XX` past `TransportLimits.maximumGetResponses`.
    case tooManyGetResponses(limit: Int)
    /// GET RESPONSE data grew past `TransportLimits.maximumResponseBytes`.
    case responseTooLong(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .tooManyGetResponses(let limit):
            return "the card still answered 61XX after \(limit) GET RESPONSE commands; giving up"
        case .responseTooLong(let bytes, let limit):
            return "the card returned \(bytes) bytes through GET RESPONSE, more than the limit of \(limit)"
        }
    }
}
