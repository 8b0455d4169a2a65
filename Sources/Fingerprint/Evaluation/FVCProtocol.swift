/// Which images of a set are compared with which, as in the Fingerprint Verification Competitions.
///
/// Images are identified by finger and impression number (`101_3` = finger 101, impression 3).
/// In every pair the first image is the probe.
public struct FVCProtocol: Sendable {
    public struct Impression: Sendable, Hashable, Comparable {
        public let finger: Int
        public let impression: Int

        public init(finger: Int, impression: Int) {
            self.finger = finger
            self.impression = impression
        }

        /// Parses an FVC file name, `FINGER_IMPRESSION.ext` (`101_3.tif`); nil for any other name.
        public init?(fileName: String) {
            let stem = fileName.split(separator: "/").last.map(String.init) ?? fileName
            let base = stem.split(separator: ".", maxSplits: 1).first.map(String.init) ?? stem
            let parts = base.split(separator: "_", omittingEmptySubsequences: false)
            guard parts.count == 2, let finger = Int(parts[0]), let impression = Int(parts[1]),
                  finger >= 0, impression >= 0, stem.contains(".") else { return nil }
            self.init(finger: finger, impression: impression)
        }

        public static func < (a: Impression, b: Impression) -> Bool {
            (a.finger, a.impression) < (b.finger, b.impression)
        }
    }

    /// A comparison by index into ``impressions``.
    public struct Pair: Sendable, Hashable {
        public let probe: Int
        public let candidate: Int
    }

    /// The set's images, sorted by finger, then impression.
    public let impressions: [Impression]

    public init(impressions: [Impression]) {
        self.impressions = impressions.sorted()
    }

    /// Every pair of impressions of the same finger, `i < j` (28 per finger of 8 impressions).
    public var genuinePairs: [Pair] {
        pairs { $0.finger == $1.finger }
    }

    /// The first impression of every finger against the first of every later finger (45 for 10 fingers).
    public var impostorPairs: [Pair] {
        let firsts = Set(Dictionary(grouping: impressions.indices, by: { impressions[$0].finger }).values.compactMap { $0.min() })
        return pairs { a, b in a.finger != b.finger }.filter { firsts.contains($0.probe) && firsts.contains($0.candidate) }
    }

    /// Every image against every image of another finger, each unordered pair once (2,880 for 10 × 8).
    public var allImpostorPairs: [Pair] {
        pairs { $0.finger != $1.finger }
    }

    private func pairs(where include: (Impression, Impression) -> Bool) -> [Pair] {
        var result: [Pair] = []
        for i in impressions.indices {
            for j in (i + 1)..<impressions.count where include(impressions[i], impressions[j]) {
                result.append(Pair(probe: i, candidate: j))
            }
        }
        return result
    }
}
