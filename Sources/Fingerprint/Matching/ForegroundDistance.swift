/// Distance from any point to the edge of a template's foreground, in matcher pixels (500 dpi).
struct ForegroundDistance: Sendable {
    let map: ForegroundMap
    /// Distance per block centre, in the map's own pixels; only built when a test needs an inset.
    let distance: FloatRaster?
    /// Map pixels per matcher pixel.
    let scale: Double

    init(_ map: ForegroundMap, measuresInsets: Bool) {
        self.map = map
        scale = map.resolution / 500
        distance = measuresInsets
            ? BlockMask(columns: map.columns, rows: map.rows, flags: map.flags).distanceToBackground(blockSize: map.blockSize)
            : nil
    }

    /// Whether `(x, y)` lies in the foreground (``isInside(x:y:inset:)`` with no inset).
    @inline(__always)
    func contains(x: Double, y: Double) -> Bool {
        let mapX = x * scale, mapY = y * scale
        guard mapX >= 0, mapY >= 0 else { return false }
        let column = Int(mapX) / map.blockSize, row = Int(mapY) / map.blockSize
        return column < map.columns && row < map.rows && map.flags[row &* map.columns &+ column]
    }

    /// Whether `(x, y)` lies in the foreground at least `inset` pixels from its edge.
    func isInside(x: Double, y: Double, inset: Double) -> Bool {
        let mapX = x * scale, mapY = y * scale
        guard map.contains(x: mapX, y: mapY) else { return false }
        guard inset > 0 else { return true }
        guard let distance else { preconditionFailure("foreground distance built without insets") }
        let size = Double(map.blockSize)
        let value = distance.interpolated(x: (mapX + 0.5) / size - 0.5, y: (mapY + 0.5) / size - 0.5)
        return Double(value) / scale >= inset
    }
}
