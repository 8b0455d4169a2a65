/// One impression as both matchers take it, whoever extracted it: pbtool's own extraction or
/// another vendor's record. Evaluations score pairs of these, so a pbtool probe can be compared
/// with a foreign reference exactly as two of pbtool's own are.
public struct EvaluationTemplate: Sendable {
    /// What the host matcher compares.
    public let host: PreparedTemplate
    /// What the card matcher compares; nil when no minutia fits a card template (it then scores 0).
    public let card: CompactCardTemplate?
    /// Who made it, as far as the record says (``TemplateOrigin``).
    public let origin: TemplateOrigin
    /// The record's minutia density; nil for pbtool's own extraction, found at the image's resolution.
    public let density: MinutiaDensity?

    /// Whether a decision may rest on it: false for a record whose minutiae are packed tighter
    /// than fingers allow at its stated resolution (``MinutiaDensity/isPlausible``).
    public var isPlausible: Bool { density?.isPlausible ?? true }

    /// pbtool's own extraction.
    public init(_ features: FingerprintFeatures, parameters: MatchingParameters = MatchingParameters()) {
        host = PreparedTemplate(features, parameters: parameters)
        card = features.compactCardTemplate(for: CardMatcher.evaluationRequirements).template
        origin = .pbtool
        density = nil
    }

    /// Another extractor's record (its first view).
    public init(_ record: MinutiaeRecord, parameters: MatchingParameters = MatchingParameters()) {
        host = PreparedTemplate(record: record, parameters: parameters)
        card = CompactCardTemplate.prepare(record, for: CardMatcher.evaluationRequirements).template
        origin = TemplateOrigin(record)
        density = MinutiaDensity(record)
    }
}
