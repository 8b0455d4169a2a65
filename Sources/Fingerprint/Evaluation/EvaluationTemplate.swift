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
    /// The minutia density at the resolution the record or the image stated.
    public let density: MinutiaDensity

    /// Whether a decision may rest on it: false when its minutiae are packed tighter than fingers
    /// allow at the stated resolution (``MinutiaDensity/isPlausible``), whoever found them: an
    /// image file's resolution is as open to error as a record's.
    public var isPlausible: Bool { density.isPlausible }

    /// pbtool's own extraction.
    public init(_ features: FingerprintFeatures, parameters: MatchingParameters = MatchingParameters()) {
        host = PreparedTemplate(features, parameters: parameters)
        card = features.compactCardTemplate(for: CardMatcher.evaluationRequirements).template
        origin = .pbtool
        density = MinutiaDensity(features)
    }

    /// Another extractor's record (its first view).
    public init(_ record: MinutiaeRecord, parameters: MatchingParameters = MatchingParameters()) {
        host = PreparedTemplate(record: record, parameters: parameters)
        card = CompactCardTemplate.prepare(record, for: CardMatcher.evaluationRequirements).template
        origin = TemplateOrigin(record)
        density = MinutiaDensity(record)
    }
}
