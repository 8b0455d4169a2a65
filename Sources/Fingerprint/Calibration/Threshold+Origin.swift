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
        guard !isOwnPair(origins) else { return own }
        let foreign = matcher.foreignCalibration.threshold(falseMatchRate: rate)
        return Threshold(score: max(own.score, foreign), falseMatchRate: rate, matcher: matcher)
    }

    /// The false-match rate of a threshold at `score` for these origins: the higher of the own
    /// calibration's and, unless both sides are pbtool's, the unknown-origin one's.
    public static func falseMatchRate(forScore score: Double, matcher: Matcher,
                                      origins: (probe: TemplateOrigin, reference: TemplateOrigin)) -> Double {
        let own = falseMatchRate(forScore: score, matcher: matcher)
        guard !isOwnPair(origins) else { return own }
        return max(own, matcher.foreignCalibration.falseMatchRate(threshold: score))
    }

    /// Whether the rate at `score` for these origins comes from a fitted tail rather than measured
    /// impostors (of the unknown-origin calibration, unless both sides are pbtool's).
    public static func isExtrapolated(score: Double, matcher: Matcher,
                                      origins: (probe: TemplateOrigin, reference: TemplateOrigin)) -> Bool {
        (isOwnPair(origins) ? matcher.calibration : matcher.foreignCalibration).isExtrapolated(threshold: score)
    }

    private static func isOwnPair(_ origins: (probe: TemplateOrigin, reference: TemplateOrigin)) -> Bool {
        origins.probe == .pbtool && origins.reference == .pbtool
    }
}
