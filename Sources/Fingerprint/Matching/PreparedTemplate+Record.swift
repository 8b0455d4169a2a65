extension PreparedTemplate {
    /// Prepares the first view of another extractor's record (ISO, ANSI or compact card) for the
    /// host matcher. The record carries no foreground: with ``MatchingParameters/recordHullMargin``
    /// one is estimated from the minutiae's hull, else every cylinder cell counts as seen. Records whose two axes
    /// have different resolutions are brought to the x resolution first (docs/templates.md).
    public init(record: MinutiaeRecord, parameters: MatchingParameters = MatchingParameters()) {
        let resolution = record.resolution
        let squeeze = resolution.xDPI / resolution.yDPI
        let minutiae = record.minutiae.map { minutia in
            var square = minutia
            square.y *= squeeze
            return square
        }
        let dpi = resolution.xDPI
        let foreground = parameters.recordHullMargin.map { margin in
            MinutiaeHull(minutiae.map { ($0.x, $0.y) })
                .foreground(width: record.imageWidth, height: Int((Double(record.imageHeight) * squeeze).rounded(.up)),
                            resolution: dpi, margin: margin * dpi / 500)
        }
        self.init(minutiae: minutiae, dpi: dpi, foreground: foreground, parameters: parameters)
    }
}
