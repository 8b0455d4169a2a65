extension Threshold.Matcher {
    /// The calibration for pairs with a template of another or unknown origin.
    public var foreignCalibration: ScoreCalibration {
        switch self {
        case .host: .hostForeign
        case .card: .cardForeign
        }
    }
}

extension Threshold {
    /// The threshold whose false-match rate is at most `rate` for a probe and a reference of the
    /// given origins (probe first): the matcher's own calibration when both are pbtool's
    /// extractions, else the higher of that and ``Matcher/foreignCalibration``'s (no maker has a
    /// table of its own, so a reported origin is treated as unknown).
    public static func forFalseMatchRate(_ rate: Double, matcher: Matcher,
                                         origins: (probe: TemplateOrigin, reference: TemplateOrigin)) -> Threshold {
        let own = forFalseMatchRate(rate, matcher: matcher)
        guard origins.probe != .pbtool || origins.reference != .pbtool else { return own }
        let foreign = matcher.foreignCalibration.threshold(falseMatchRate: rate)
        return Threshold(score: max(own.score, foreign), falseMatchRate: rate, matcher: matcher)
    }
}
