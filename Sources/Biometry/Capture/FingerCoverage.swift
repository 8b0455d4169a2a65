import Fingerprint

/// Where the finger touched the sensor, from the extractor's foreground map: how much of it
/// there is and how far its centre sits from the middle of the image.
struct FingerCoverage: Sendable, Hashable {
    /// Foreground area in square millimetres.
    let area: Double
    /// Horizontal offset of the foreground's centre from the image centre, as a fraction of the
    /// image width (0 centred, ±0.5 at the edge); 0 when there is no foreground.
    let centreOffset: Double

    init(_ map: ForegroundMap) {
        let millimetres = Double(map.blockSize) * 25.4 / map.resolution
        var blocks = 0, columnSum = 0
        for row in 0..<map.rows {
            for column in 0..<map.columns where map.flags[row * map.columns + column] {
                blocks += 1
                columnSum += column
            }
        }
        area = Double(blocks) * millimetres * millimetres
        guard blocks > 0, map.columns > 0 else {
            centreOffset = 0
            return
        }
        // Block centres sit half a block in; the map's middle is at columns / 2.
        let centre = Double(columnSum) / Double(blocks) + 0.5
        centreOffset = (centre - Double(map.columns) / 2) / Double(map.columns)
    }
}
