/// Which blocks hold fingerprint (foreground) rather than background, smear or noise.
///
/// A block is foreground when it has both contrast (local deviation) and a dominant ridge
/// direction; the raw decision is smoothed by a majority vote, small islands are dropped and
/// holes are filled, so the mask is one or a few solid regions.
struct SegmentationMask {
    let grid: BlockGrid
    /// One flag per block, row-major.
    let foreground: [Bool]
    /// Distance in pixels from each block centre to the nearest background block or image edge.
    let borderDistance: FloatRaster

    static func segment(_ image: NormalizedImage, orientation: OrientationField,
                        parameters: ExtractionParameters.Segmentation) -> SegmentationMask {
        let grid = orientation.grid
        let contrast = blockContrast(image.deviation, grid: grid)
        let sorted = contrast.values.sorted()
        let robustMaximum = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        let threshold = max(parameters.absoluteContrast, parameters.relativeContrast * robustMaximum)
        let flags = (0..<contrast.values.count).map {
            contrast.values[$0] >= threshold && orientation.coherence.values[$0] >= parameters.minimumCoherence
        }
        var blocks = BlockMask(columns: grid.columns, rows: grid.rows, flags: flags)
        blocks = blocks.majorityVoted(radius: parameters.voteRadius)
        blocks = blocks.keepingLargeIslands(minimumShare: parameters.minimumIslandShare)
        blocks = blocks.holesFilled()
        return SegmentationMask(grid: grid, foreground: blocks.flags,
                                borderDistance: blocks.distanceToBackground(blockSize: grid.blockSize))
    }

    func isForeground(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < grid.columns && row < grid.rows
            && foreground[row * grid.columns + column]
    }

    /// Whether the pixel at `(x, y)` lies in a foreground block.
    func contains(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < grid.imageWidth, y < grid.imageHeight else { return false }
        return foreground[(y / grid.blockSize) * grid.columns + x / grid.blockSize]
    }

    /// Distance to the edge of the foreground at a pixel position, interpolated.
    func borderDistance(x: Double, y: Double) -> Float {
        let position = grid.blockPosition(x: x, y: y)
        return borderDistance.interpolated(x: position.x, y: position.y)
    }

    var foregroundShare: Double {
        foreground.isEmpty ? 0 : Double(foreground.filter { $0 }.count) / Double(foreground.count)
    }

    private static func blockContrast(_ deviation: FloatRaster, grid: BlockGrid) -> FloatRaster {
        var contrast = grid.emptyField()
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let range = grid.pixelRange(column: column, row: row)
                var sum: Float = 0
                for y in range.y { for x in range.x { sum += deviation[x, y] } }
                contrast[column, row] = sum / Float(max(range.x.count * range.y.count, 1))
            }
        }
        return contrast
    }
}
