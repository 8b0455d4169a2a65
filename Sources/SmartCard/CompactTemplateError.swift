/// Why minutiae bytes cannot be sent to a card as an ISO/IEC 19794-2 compact-card template.
public enum CompactTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The length is not a multiple of 3 bytes per minutia.
    case notCompactCard(byteCount: Int)
    /// A minutia has type bits `11`, which 19794-2 reserves.
    case reservedMinutiaType(index: Int)
    /// Fewer minutiae than the card compares; pbtool never invents minutiae (19794-2 §9.3).
    case tooFewMinutiae(count: Int, minimum: Int)
    /// More minutiae than the card (or the compact format) takes.
    case tooManyMinutiae(count: Int, maximum: Int)

    public var description: String {
        switch self {
        case .empty:
            "the template is empty"
        case .notCompactCard(let byteCount):
            "\(byteCount) bytes is not an ISO 19794-2 compact-card template (3 bytes per minutia)"
        case .reservedMinutiaType(let index):
            "minutia \(index + 1) has the reserved type 11"
        case .tooFewMinutiae(let count, let minimum):
            "the template has \(count) minutiae; the card needs at least \(minimum)"
        case .tooManyMinutiae(let count, let maximum):
            "the template has \(count) minutiae; the card takes at most \(maximum)"
        }
    }
}
