import Fingerprint

/// Consolidates enrollment's accepted swipes into one reference: the swipe most similar, on
/// average, to all the others (MDIST template selection, Uludag, Ross and Jain, "Biometric
/// template selection and update", Pattern Recognition 37, 2004).
///
/// The swipes are consistent when the chosen one's mean similarity reaches the match threshold;
/// otherwise the least similar swipe is the one to replace.
struct ReferenceSelection: Sendable {
    /// Index of the chosen swipe.
    let chosen: Int
    /// Each swipe's mean similarity to the others (both directions averaged).
    let meanScores: [Double]
    /// Whether the chosen swipe agrees with the others well enough.
    let isConsistent: Bool

    /// Index of the swipe that agrees least with the others.
    var weakest: Int {
        meanScores.indices.min { meanScores[$0] < meanScores[$1] } ?? 0
    }

    /// Selects among `templates` (at least one) with `engine`'s matcher and threshold.
    init(_ templates: [PreparedTemplate], engine: RecognitionEngine) {
        let count = templates.count
        var totals = [Double](repeating: 0, count: count)
        for i in 0..<count {
            var matcher = engine.matcher(for: templates[i])
            for j in 0..<count where j != i {
                let score = matcher.score(templates[j]) / 2
                totals[i] += score
                totals[j] += score
            }
        }
        let means = totals.map { count > 1 ? $0 / Double(count - 1) : 1 }
        let best = means.indices.max { means[$0] < means[$1] } ?? 0
        meanScores = means
        chosen = best
        isConsistent = count == 1 || engine.threshold.accepts(means[best])
    }
}
