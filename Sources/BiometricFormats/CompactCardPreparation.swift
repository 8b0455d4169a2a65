/// The result of preparing minutiae for a card: a template, or the reason there is none.
/// Both "too few" and an unknown order are outcomes a caller shows the user, not errors.
public enum CompactCardPreparation: Hashable, Sendable {
    /// The template to send; `omitted` counts the minutiae left out.
    case ready(CompactCardTemplate, omitted: OmittedMinutiae)
    /// Fewer usable minutiae than the card's minimum: capture again or use another finger.
    case tooFewMinutiae(usable: Int, minimum: Int)
    /// The card's order byte asks for an order no host can honour (``MinutiaeOrder/isSupported``).
    case unsupportedOrder(MinutiaeOrder)

    /// Minutiae a preparation left out, by reason.
    public struct OmittedMinutiae: Hashable, Sendable, Codable {
        /// Beyond the 25.5 mm the format reaches (or with a non-finite position or direction).
        public var outsideCardArea: Int
        /// Removed to meet the card's maximum.
        public var overMaximum: Int

        /// Counts of omitted minutiae by reason.
        public init(outsideCardArea: Int = 0, overMaximum: Int = 0) {
            self.outsideCardArea = outsideCardArea
            self.overMaximum = overMaximum
        }
    }

    /// The template, when there is one.
    public var template: CompactCardTemplate? {
        if case let .ready(template, _) = self { return template }
        return nil
    }

    /// The template, or the error a card edge throws for the outcome.
    public func get() throws(CompactTemplateError) -> CompactCardTemplate {
        switch self {
        case .ready(let template, _): return template
        case .tooFewMinutiae(let usable, let minimum): throw .tooFewMinutiae(count: usable, minimum: minimum)
        case .unsupportedOrder(let order): throw .unsupportedOrder(order)
        }
    }
}
