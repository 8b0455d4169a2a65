import Fingerprint
import Testing

/// Error rates on score lists small enough to work out by hand (FVC definitions: FMR(t) counts
/// impostors ≥ t, FNMR(t) genuines < t).
@Suite struct ErrorRatesTests {
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    @Test func separatedScoresHaveNoErrors() {
        let rates = ErrorRates(genuine: [5, 6, 7, 8], impostor: [1, 2, 3, 4])
        #expect(rates.eer == 0 && rates.eerLow == 0 && rates.eerHigh == 0)
        #expect(rates.fmr100 == 0 && rates.fmr1000 == 0 && rates.zeroFMR == 0)
        #expect(rates.genuineCount == 4 && rates.impostorCount == 4)
    }

    /// Genuine 3 6 7 9, impostor 1 2 4 5 8. At t = 5: FMR 2/5, FNMR 1/4 (t1, the last t with
    /// FNMR ≤ FMR); at t = 6: FMR 1/5, FNMR 1/4 (t2). t2's sum 0.45 is below t1's 0.65, so the
    /// FVC interval is [FMR(t2), FNMR(t2)] = [0.2, 0.25].
    @Test func overlappingScoresGiveTheFVCInterval() {
        let rates = ErrorRates(genuine: [3, 6, 7, 9], impostor: [1, 2, 4, 5, 8])
        #expect(Self.close(rates.eerLow, 0.2) && Self.close(rates.eerHigh, 0.25))
        #expect(Self.close(rates.eer, 0.225))
        // Only t ≥ 9 accepts no impostor: genuine 3, 6 and 7 are rejected there.
        #expect(Self.close(rates.fmr100, 0.75) && Self.close(rates.fmr1000, 0.75) && Self.close(rates.zeroFMR, 0.75))
    }

    /// When FNMR and FMR are equal at a threshold, t1 = t2 and the interval is that point.
    @Test func crossingAtAThresholdGivesAPointInterval() {
        // Genuine 2 4, impostor 1 3: at t = 3 one impostor (3) is accepted, one genuine (2) rejected.
        let rates = ErrorRates(genuine: [2, 4], impostor: [1, 3])
        #expect(Self.close(rates.eerLow, 0.5) && Self.close(rates.eerHigh, 0.5) && Self.close(rates.eer, 0.5))
    }

    /// Impostors 0…999: FMR(t) = (1000 − t) / 1000 on integers, so FMR ≤ 1 % from t = 990 (and at
    /// 989.5, where exactly 10 impostors remain), ≤ 0.1 % from t = 999 and 0 above 999.
    @Test func fmr100Fmr1000AndZeroFMRReadTheRightThresholds() {
        let impostor = (0..<1_000).map(Double.init)
        let genuine: [Double] = [985.5, 989.5, 995.5, 999, 2_000]
        let rates = ErrorRates(genuine: genuine, impostor: impostor)
        #expect(Self.close(rates.fmr100, 0.2))   // t = 989.5 rejects 985.5
        #expect(Self.close(rates.fmr1000, 0.6))  // t = 999 rejects 985.5, 989.5, 995.5
        #expect(Self.close(rates.zeroFMR, 0.8))  // t just above 999 also rejects 999
        // t1 = 985.5 (FNMR 0, FMR 14/1000) has the smaller sum: EER interval [0, 0.014].
        #expect(Self.close(rates.eerLow, 0) && Self.close(rates.eerHigh, 0.014) && Self.close(rates.eer, 0.007))
    }

    @Test func ratesAreOrderedAndInRange() {
        let genuine = (0..<50).map { 40 + Double($0 * 7 % 31) }
        let impostor = (0..<400).map { Double($0 * 13 % 47) }
        let rates = ErrorRates(genuine: genuine, impostor: impostor)
        for rate in [rates.eer, rates.fmr100, rates.fmr1000, rates.zeroFMR] { #expect((0...1).contains(rate)) }
        #expect(rates.eerLow <= rates.eer && rates.eer <= rates.eerHigh)
        #expect(rates.fmr100 <= rates.fmr1000 && rates.fmr1000 <= rates.zeroFMR)
    }

    @Test func listOrderDoesNotMatter() {
        let genuine: [Double] = [3, 6, 7, 9], impostor: [Double] = [1, 2, 4, 5, 8]
        #expect(ErrorRates(genuine: genuine, impostor: impostor)
                == ErrorRates(genuine: genuine.reversed(), impostor: [8, 1, 5, 2, 4]))
    }
}
