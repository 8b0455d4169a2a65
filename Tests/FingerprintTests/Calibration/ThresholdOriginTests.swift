import Fingerprint
import Testing

@Suite struct ThresholdOriginTests {
    private let secuGen = TemplateOrigin.reported(deviceType: 0x100, product: nil)

    @Test(arguments: Threshold.Matcher.allCases)
    func ownPairsKeepTheOwnThreshold(matcher: Threshold.Matcher) {
        let own = Threshold.forFalseMatchRate(1e-4, matcher: matcher)
        #expect(Threshold.forFalseMatchRate(1e-4, matcher: matcher, origins: (.pbtool, .pbtool)) == own)
    }

    /// Any side of another or unknown origin gets the higher threshold of the two calibrations.
    @Test(arguments: Threshold.Matcher.allCases)
    func otherOriginsGetTheSafeThreshold(matcher: Threshold.Matcher) {
        let own = Threshold.forFalseMatchRate(1e-4, matcher: matcher).score
        let safe = max(own, matcher.foreignCalibration.threshold(falseMatchRate: 1e-4))
        for origins in [(TemplateOrigin.pbtool, TemplateOrigin.unknown), (.unknown, .pbtool), (.unknown, .unknown),
                        (secuGen, .pbtool), (.pbtool, secuGen)] {
            let threshold = Threshold.forFalseMatchRate(1e-4, matcher: matcher, origins: origins)
            #expect(threshold.score == safe && threshold.score >= own && threshold.falseMatchRate == 1e-4)
            #expect(threshold.matcher == matcher)
        }
    }
}
