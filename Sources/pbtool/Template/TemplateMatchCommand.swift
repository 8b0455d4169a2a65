import ArgumentParser
import Fingerprint
import Foundation

/// `pbtool template match A B`.
struct TemplateMatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Compare two fingerprints (images or templates): score, decision and what it means.",
        discussion: """
            The decision threshold is the score whose false-match rate is --fmr (default 1e-4: one \
            impostor in 10,000 accepted), from the matcher's calibration (docs/bench.md); when either \
            side is a standard record (ISO, ANSI, compact), from the safe calibration for templates of \
            unknown origin. A record or image whose minutiae are packed tighter than fingers allow at \
            its stated resolution is refused (exit 2): no calibration holds for it. The host \
            matcher is used unless --matcher card is given or either side is compact card data; the card \
            matcher compares the best 60 minutiae of each side as a match-on-card applet would, with B as \
            the enrolled reference.

            Exit status: 0 match, 1 no match, 2 unreadable input.

            Examples:
              pbtool template match probe.png enrolled.pbt
              pbtool template match a.iso b.iso --fmr 1e-5 --json
              pbtool template match probe.png card.bin --matcher card
            """
    )

    enum MatcherChoice: String, ExpressibleByArgument, CaseIterable {
        case host, card
    }

    @Argument(help: "The probe: an image or a template.")
    var probe: String

    @Argument(help: "The reference: an image or a template.")
    var reference: String

    @Option(parsing: .unconditional, help: "Accepted false-match rate: 1/10000, 0.0001 or 1e-4 (default 1e-4).", transform: OptionValue.rate)
    var fmr: Double = Threshold.defaultFalseMatchRate

    @Option(help: "host or card (default: host, card when either side is compact card data).")
    var matcher: MatcherChoice?

    @Option(parsing: .unconditional, help: "Resolution of image inputs in dpi (100–2000).", transform: OptionValue.dpi)
    var dpi: Double?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let extractor = FeatureExtractor()
        let a = try FingerprintInput.load(probe, dpi: dpi, extractor: extractor)
        let b = try FingerprintInput.load(reference, dpi: dpi, extractor: extractor)
        try a.checkPlausible()
        try b.checkPlausible()
        let useCard = matcher == .card || (matcher == nil && (a.source == .compact || b.source == .compact))
        let result = try useCard ? cardResult(a, b) : hostResult(a, b)
        if json { try JSONOutput.print(result) } else { result.lines.forEach { print($0) } }
        if !result.match { throw ExitCode(ExitStatus.negative.rawValue) }
    }

    private func hostResult(_ a: FingerprintInput, _ b: FingerprintInput) throws -> MatchResult {
        var hostMatcher = HostMatcher(probe: a.prepared)
        let details = hostMatcher.compare(b.prepared)
        return MatchResult(probe: a, reference: b, matcher: .host, score: details.score,
                           pairedMinutiae: details.pairedMinutiae, fmr: fmr)
    }

    private func cardResult(_ a: FingerprintInput, _ b: FingerprintInput) throws -> MatchResult {
        guard let probeCard = a.compactCard else { throw CommandFailure(.negative, "\(a.path): no minutiae for a card template") }
        guard let referenceCard = b.compactCard else { throw CommandFailure(.negative, "\(b.path): no minutiae for a card template") }
        let score = CardMatcher().score(reference: referenceCard, probe: probeCard)
        return MatchResult(probe: a, reference: b, matcher: .card, score: score, pairedMinutiae: nil, fmr: fmr)
    }
}

/// What `template match` reports.
struct MatchResult: Encodable {
    struct Side: Encodable {
        let path: String
        let source: String
        let minutiae: Int
    }

    let probe: Side
    let reference: Side
    let matcher: String
    let score: Double
    let threshold: Double
    /// The false-match rate asked for, and the one the score itself corresponds to.
    let requestedFalseMatchRate: Double
    let scoreFalseMatchRate: Double
    let extrapolated: Bool
    let pairedMinutiae: Int?
    let match: Bool

    init(probe a: FingerprintInput, reference b: FingerprintInput, matcher: Threshold.Matcher, score: Double,
         pairedMinutiae: Int?, fmr: Double) {
        let origins = (probe: a.origin, reference: b.origin)
        let threshold = Threshold.forFalseMatchRate(fmr, matcher: matcher, origins: origins)
        probe = Side(path: a.path, source: a.source.rawValue, minutiae: a.minutiae.count)
        reference = Side(path: b.path, source: b.source.rawValue, minutiae: b.minutiae.count)
        self.matcher = matcher.rawValue
        self.score = (score * 1000).rounded() / 1000
        self.threshold = (threshold.score * 1000).rounded() / 1000
        requestedFalseMatchRate = fmr
        scoreFalseMatchRate = Threshold.falseMatchRate(forScore: score, matcher: matcher, origins: origins)
        extrapolated = Threshold.isExtrapolated(score: score, matcher: matcher, origins: origins)
        self.pairedMinutiae = pairedMinutiae
        match = threshold.accepts(score)
    }

    var lines: [String] {
        [String(format: "score %.2f (%@ matcher), threshold %.2f for FMR %@", score, matcher, threshold, "\(requestedFalseMatchRate)"),
         String(format: "a threshold at this score would accept about %@ impostors%@",
                Self.rate(scoreFalseMatchRate), extrapolated ? " (extrapolated beyond the measured impostors)" : ""),
         match ? "MATCH" : "NO MATCH"]
    }

    /// "1 in 12,000" style.
    static func rate(_ value: Double) -> String {
        guard value > 0 else { return "no" }
        if value >= 0.5 { return String(format: "%.0f %%", value * 100) }
        let odds = (1 / value).rounded()
        // Strong matches sit far out on the extrapolated tail, beyond what an Int holds.
        guard odds < 1e12 else { return String(format: "1 in %.0e", odds) }
        return "1 in \(Int(odds).formatted())"
    }
}
