/// Keeps the useful lines of a line-based swipe while they arrive and says when the swipe is
/// over (libfprint 1.94.5's vfs5011 driver).
///
/// Leading blank lines are dropped; a line is kept when it differs enough from the last kept
/// line; the swipe ends after a run of blank lines, or at a line or count limit.
public struct LineFilter: Sendable {
    /// Tuning values; the defaults are libfprint's for the VFS5011.
    public struct Parameters: Sendable, Hashable {
        /// A line whose variance is below this is blank.
        public var blankVariance = 225
        /// This many blank lines in a row end the swipe (the line that reaches it is not counted).
        public var blankRunToStop = 50
        /// The swipe ends when more lines than this have been counted.
        public var maximumCounted = 100_000
        /// A line is kept when its mean squared difference from the last kept line is at least this.
        public var keepDifference = 600
        /// The swipe ends when this many lines are kept.
        public var maximumKept = 2_000

        public init() {}
    }

    /// Why the filter ended the swipe.
    public enum Stop: String, Sendable, Hashable, Codable {
        /// The finger left the sensor: a run of blank lines.
        case fingerLifted
        /// Too many lines counted: the finger rested on the sensor.
        case countLimit
        /// Too many lines kept: a very long or very slow swipe.
        case keptLimit
    }

    /// The values in use.
    public let parameters: Parameters
    /// The lines kept so far, in arrival order.
    public private(set) var kept: [ScanLine] = []
    /// Lines counted after the first non-blank one.
    public private(set) var counted = 0
    /// Every line offered, counted or not.
    public private(set) var examined = 0
    /// Why the swipe ended; nil while it goes on.
    public private(set) var stop: Stop?
    private var blankRun = 0

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// Offers the next line; returns false once the swipe is over (further lines are ignored).
    @discardableResult
    public mutating func consume(_ line: ScanLine) -> Bool {
        guard stop == nil else { return false }
        examined += 1
        let isBlank = line.pixels.withUnsafeBufferPointer(LineStatistics.variance) < parameters.blankVariance
        if isBlank {
            if counted == 0 { return true }
            blankRun += 1
        } else {
            blankRun = 0
        }
        if blankRun >= parameters.blankRunToStop { return end(.fingerLifted) }
        counted += 1
        if counted > parameters.maximumCounted { return end(.countLimit) }
        if let last = kept.last,
           LineStatistics.meanSquaredDifference(last.pixels, line.pixels) < parameters.keepDifference {
            return true
        }
        kept.append(line)
        if kept.count >= parameters.maximumKept { return end(.keptLimit) }
        return true
    }

    private mutating func end(_ reason: Stop) -> Bool {
        stop = reason
        return false
    }
}
