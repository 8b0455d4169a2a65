import Foundation

/// Each minutia's neighbourhood, coarsely binned: cheap to build and to compare, so a 1:N search
/// can rank a large gallery by it and give the full matcher only the best few.
///
/// Every neighbour within ``Parameters/radius`` of a minutia adds weight to the bins of its
/// distance ring, its bearing (measured from the minutia's direction) and its direction relative
/// to the minutia's, split linearly between the two nearest bin centres on each axis so small
/// distortions move weight gradually: the coarse content of an MCC cylinder, rotation and
/// translation invariant, at a fraction of its cost.
public struct NeighbourhoodSketch: Sendable {
    /// How the bins are cut.
    public struct Parameters: Sendable, Hashable {
        /// Neighbours farther than this (pixels at 500 dpi) are left out.
        public var radius = 70.0
        // Chosen on the FVC DB_B sets (make bench prints the pre-selection error): rings about
        // 17 px wide and 16 bearings ranked genuine references best for their size; wider rings,
        // fewer bearings or more direction layers ranked worse.
        public var rings = 4
        public var sectors = 16
        public var layers = 4
        /// Minutiae with fewer neighbours get no bits (they say little about the finger).
        public var minimumNeighbours = 2
        /// Two minutiae compare only when their directions differ by at most this (radians).
        /// Narrower than the full matcher's π/2: on the FVC sets it ranked genuine references as
        /// well or better, with a third fewer pairs to compare.
        public var maximumDirectionDifference = Double.pi / 3
        /// The score averages this many best minutia pairs, or fewer when a side has fewer minutiae.
        public var scoredPairs = 6

        public init() {}

        /// Bins per minutia.
        var bins: Int { rings * sectors * layers }
    }

    let parameters: Parameters
    /// Minutia `i`'s bins are `levels[i · parameters.bins ..< (i + 1) · parameters.bins]`: its
    /// unit-length weights, scaled so the largest is ``largestLevel`` and rounded (a quarter of
    /// the memory of floats: a 10,000-template gallery holds about 85 MB of them)…
    let levels: [UInt8]
    /// …and the scale that turns them back into unit-length weights, per minutia.
    let scales: [Float]
    static let largestLevel: Float = 127
    /// The minutiae with bins.
    let compared: [Int]
    /// Each minutia's direction as `(cos θ, sin θ)`.
    let directions: [SIMD2<Float>]

    /// The sketch of features straight from the extractor.
    public init(_ features: FingerprintFeatures, parameters: Parameters = Parameters()) {
        self.init(minutiae: PreparedTemplate.matcherMinutiae(features.minutiae, dpi: features.dpi), parameters: parameters)
    }

    /// The sketch of a template already prepared for the full matcher.
    public init(_ template: PreparedTemplate, parameters: Parameters = Parameters()) {
        self.init(minutiae: template.cylinders.minutiae, parameters: parameters)
    }

    init(minutiae: [MatchMinutia], parameters: Parameters) {
        self.parameters = parameters
        var levels = [UInt8](repeating: 0, count: minutiae.count * parameters.bins)
        var scales = [Float](repeating: 0, count: minutiae.count)
        var counts = [Int32](repeating: 0, count: minutiae.count)
        var binner = NeighbourBinner(parameters: parameters)
        for index in minutiae.indices {
            (counts[index], scales[index]) = binner.fill(&levels, at: index * parameters.bins, centre: index, minutiae: minutiae)
        }
        self.levels = levels
        self.scales = scales
        compared = minutiae.indices.filter { counts[$0] > 0 }
        directions = minutiae.map { SIMD2(Float(cos($0.angle)), Float(sin($0.angle))) }
    }

    /// Minutiae sketched (including those left without bits).
    public var minutiaCount: Int { directions.count }
}
