/// The minimums a swipe must reach before a flow uses it. Enrollment is stricter than
/// verification: a poor reference spoils every later comparison.
public struct SwipeGates: Sendable, Hashable, Codable {
    /// Lowest global quality (0–100, the extractor's rating).
    public var minimumQuality: Int
    /// Smallest finger area, in square millimetres of foreground.
    public var minimumArea: Double
    /// Fewest minutiae a template needs to be worth comparing.
    public var minimumMinutiae: Int
    /// Largest sideways offset of the finger's centre from the image centre, as a fraction of
    /// the image width, before the person is told to centre the finger.
    public var maximumCentreOffset: Double

    /// Gates with these minimums.
    public init(minimumQuality: Int, minimumArea: Double, minimumMinutiae: Int, maximumCentreOffset: Double = 0.25) {
        self.minimumQuality = minimumQuality
        self.minimumArea = minimumArea
        self.minimumMinutiae = minimumMinutiae
        self.maximumCentreOffset = maximumCentreOffset
    }

    /// For enrollment swipes.
    public static let enrollment = SwipeGates(minimumQuality: 40, minimumArea: 60, minimumMinutiae: 16)
    /// For verification and identification swipes.
    public static let verification = SwipeGates(minimumQuality: 20, minimumArea: 40, minimumMinutiae: 12)
    /// For practice: the same as enrollment, since practice prepares for it.
    public static let practice = enrollment
}
