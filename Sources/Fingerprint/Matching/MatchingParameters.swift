/// Every tuning value of the host matcher (Minutia Cylinder-Code with relaxation).
///
/// Lengths are in pixels at 500 dpi; templates of other resolutions are scaled to it. The
/// defaults are those of Cappelli, Ferrara & Maltoni, "Minutia Cylinder-Code" (IEEE TPAMI
/// 32(12), 2010), for the bit-based MCC16b descriptor and LSS-R consolidation, except where noted.
public struct MatchingParameters: Sendable, Hashable {
    /// Cylinder radius R.
    public var radius = 70.0
    /// Cells along each side of the cylinder base (N_S) and directional layers (N_D).
    public var spatialCells = 16
    public var directionalCells = 6
    /// Spatial and directional spread of a minutia's contribution (σ_S, σ_D).
    public var spatialSigma = 28.0 / 3.0
    public var directionalSigma = 2.0 * .pi / 9.0
    /// A cell's bit is set when the summed contribution exceeds μ_ψ.
    public var contributionThreshold = 0.01
    /// Cells closer than this to the edge of the foreground are treated as unseen.
    public var foregroundInset = 0.0
    /// A cylinder needs this share of valid cells (min_VC) and this many neighbours (min_M).
    public var minimumValidCells = 0.5
    public var minimumNeighbours = 2
    /// Two cylinders compare only when this share of cells is valid in both (min_ME)…
    public var minimumMatchableCells = 0.6
    /// …and their central minutiae differ in direction by at most this (δ_θ, radians).
    public var maximumDirectionDifference = Double.pi / 2
    /// The number of pairs averaged into the score grows from `minimumPairs` to `maximumPairs`
    /// with the smaller minutiae count, along a sigmoid centred on `pairsMidpoint` (μ_P, τ_P).
    public var minimumPairs = 4
    public var maximumPairs = 12
    public var pairsMidpoint = 20.0
    public var pairsSlope = 0.4
    /// At most this many best pairs are relaxed (n_R; MCC uses the smaller minutiae count).
    public var maximumRelaxedPairs = 1_000
    /// Relaxation: iterations (n_rel) and the weight kept from the previous step (w_R).
    public var relaxationIterations = 5
    public var relaxationWeight = 0.5
    /// The support a pair receives is averaged over at least this many other pairs, so a
    /// template with only a handful of minutiae cannot reach the relaxed values of a rich one
    /// (MCC averages over `n_R − 1`, which favours small templates).
    public var minimumSupportPairs = 12
    /// Compatibility of two pairs: sigmoid centres and slopes for the distance difference
    /// (pixels), the direction difference and the radial-angle difference (radians).
    public var distanceTolerance = 5.0
    public var distanceSlope = -8.0 / 5.0
    public var angleTolerance = Double.pi / 12
    public var angleSlope = -30.0

    /// The score mixes the local (LSS-R) score, scaled by `localScale` to about 1 for a strong
    /// match, with the global pairing score; `localWeight` is the local share.
    public var localScale = 25.0
    public var localWeight = 0.6
    /// Global pairing: two minutiae pair under an alignment when this close (pixels)…
    public var pairingDistance = 15.0
    /// …and this close in direction (radians).
    public var pairingAngle = Double.pi / 6
    /// Overlap counts below this are raised to it, so a tiny common area cannot score high.
    public var minimumOverlapCount = 10
    /// Alignments tried: the least-squares fit of the best relaxed pairs, then each of this many
    /// best pairs on its own.
    public var alignmentSeeds = 3
    /// Records without a foreground map (another extractor's) get one estimated from their
    /// minutiae: the hull grown by this margin; nil counts every cell of the plane as seen.
    /// Chosen leave-one-set-out on the vendor templates (`pbbench templates`, docs/templates.md).
    public var recordHullMargin: Double? = 96

    public init() {}
}
