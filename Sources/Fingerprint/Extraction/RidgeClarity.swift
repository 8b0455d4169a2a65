/// How much of each block's energy survives the Gabor filter: near 1 where the print shows
/// clean ridges at the estimated direction and period, low in textured background, smudges,
/// creases and sensor edges, which can have contrast and even a direction but no ridge wave.
struct RidgeClarity {
    let grid: BlockGrid
    /// Enhanced energy over normalised energy per block; 0 outside the mask.
    let share: FloatRaster

    static func measure(enhanced: EnhancedImage, normalized: NormalizedImage, mask: SegmentationMask) -> RidgeClarity {
        let grid = mask.grid
        var share = grid.emptyField()
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where mask.isForeground(column: column, row: row) {
                let range = grid.pixelRange(column: column, row: row)
                var passed: Float = 0, total: Float = 0
                for y in range.y {
                    for x in range.x {
                        let e = enhanced.raster[x, y], n = normalized.raster[x, y]
                        passed += e * e
                        total += n * n
                    }
                }
                share[column, row] = total > 0 ? min(passed / total, 1) : 0
            }
        }
        return RidgeClarity(grid: grid, share: share)
    }

    /// Clarity at a pixel position, interpolated between block centres.
    func share(x: Double, y: Double) -> Float {
        let position = grid.blockPosition(x: x, y: y)
        return share.interpolated(x: position.x, y: position.y)
    }
}
