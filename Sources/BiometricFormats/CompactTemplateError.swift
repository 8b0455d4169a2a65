/// Why a compact card template cannot go to a card with given requirements. Thrown by the card
/// edges before anything is sent, so no try is spent on it.
public enum CompactTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer minutiae than the card compares; pbtool never invents minutiae (ISO/IEC 19794-2 §9.3).
    case tooFewMinutiae(count: Int, minimum: Int)
    /// More minutiae than the card takes as a reference (a reference is never pruned silently).
    case tooManyMinutiae(count: Int, maximum: Int)
    /// The card asks for an order byte no host can honour (``MinutiaeOrder/isSupported``).
    case unsupportedOrder(MinutiaeOrder)

    public var description: String {
        switch self {
        case .tooFewMinutiae(let count, let minimum):
            "the template has \(count) minutiae; the card needs at least \(minimum)"
        case .tooManyMinutiae(let count, let maximum):
            "the template has \(count) minutiae; the card takes at most \(maximum)"
        case .unsupportedOrder(let order):
            "the card asks for minutiae order byte \(hex([order.rawValue])), which names no order pbtool can send"
        }
    }
}
