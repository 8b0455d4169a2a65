extension FingerprintFeatures {
    /// The minutiae as a compact card template for a card with `requirements`.
    ///
    /// The compact format only covers 25.5 mm from the image's top-left corner; when some
    /// minutiae lie beyond it (large sensors, a finger placed low), all of them are first shifted
    /// so that the centre of their bounding box sits at the centre of that square. Card matching
    /// does not depend on where the finger lies, so this only changes which minutiae survive.
    public func compactCardTemplate(for requirements: CardMinutiaeRequirements = .pbISO) -> CompactCardPreparation {
        let resolution = ScanResolution(dpi: dpi)
        return CompactCardTemplate.prepare(cardPlaced(minutiae, resolution: resolution), resolution: resolution,
                                           for: requirements)
    }

    private func cardPlaced(_ minutiae: [Minutia], resolution: ScanResolution) -> [Minutia] {
        let side = 25.5 / 10
        let limitX = side * Double(resolution.xPixelsPerCentimetre), limitY = side * Double(resolution.yPixelsPerCentimetre)
        guard minutiae.contains(where: { $0.x > limitX || $0.y > limitY }) else { return minutiae }
        let xs = minutiae.map(\.x), ys = minutiae.map(\.y)
        let dx = limitX / 2 - (xs.min()! + xs.max()!) / 2, dy = limitY / 2 - (ys.min()! + ys.max()!) / 2
        return minutiae.map { minutia in
            var moved = minutia
            moved.x += dx
            moved.y += dy
            return moved
        }
    }
}
