extension MinutiaeRecord {
    /// Reads a record in whichever format ``TemplateFormat/detect(_:)`` finds.
    ///
    /// Compact card data carries no resolution or image size: its minutiae are placed at
    /// `compactCardResolution`, and the image is taken as the 25.6 mm square the format covers.
    /// - Throws: ``TemplateError``; ``TemplateError/unrecognizedFormat(prefix:)`` when no format
    ///   fits, ``TemplateError/formatNotConvertible(_:)`` for a host template.
    public init(bytes: some Collection<UInt8>,
                compactCardResolution: ScanResolution = .dpi500) throws {
        let bytes = Array(bytes)
        guard let format = TemplateFormat.detect(bytes) else {
            throw TemplateError.unrecognizedFormat(prefix: Array(bytes.prefix(8)))
        }
        try self.init(bytes: bytes, format: format, compactCardResolution: compactCardResolution)
    }

    /// Reads a record in a known format (see ``init(bytes:compactCardResolution:)``).
    public init(bytes: some Collection<UInt8>, format: TemplateFormat,
                compactCardResolution: ScanResolution = .dpi500) throws {
        switch format {
        case .iso:
            self = try ISO19794Record.decode(bytes)
        case .ansi:
            self = try ANSI378Record.decode(bytes)
        case .compactCard:
            let template = try CompactCardTemplate(bytes: bytes)
            let resolution = compactCardResolution
            // The format reaches 255 units of 0.1 mm, so the image is 25.6 mm on a side; the
            // clamp keeps an absurd resolution from overflowing (record fields hold 16 bits).
            let side = { (perCentimetre: Int) in (256 * min(max(perCentimetre, 0), 65535) + 99) / 100 }
            self.init(imageWidth: side(resolution.xPixelsPerCentimetre),
                      imageHeight: side(resolution.yPixelsPerCentimetre), resolution: resolution,
                      minutiae: template.minutiae(resolution: resolution))
        case .host:
            throw TemplateError.formatNotConvertible(.host)
        }
    }

    /// The record's bytes in `format`.
    ///
    /// For ``TemplateFormat/compactCard`` this writes the first view's minutiae with
    /// ``CardMinutiaeRequirements/unconstrained`` (record order, minutiae beyond 25.5 mm left
    /// out); use ``CompactCardTemplate/prepare(_:resolution:for:)`` to meet a card's limits and
    /// learn what was left out.
    /// - Throws: ``TemplateError``.
    public func encoded(as format: TemplateFormat) throws -> [UInt8] {
        switch format {
        case .iso:
            return try ISO19794Record.encode(self)
        case .ansi:
            return try ANSI378Record.encode(self)
        case .compactCard:
            guard let view = views.first else {
                throw TemplateError.notRepresentable(format: .compactCard, field: "number of finger views",
                                                     value: "0", allowed: "at least 1")
            }
            let preparation = CompactCardTemplate.prepare(view, resolution: resolution,
                                                          for: .unconstrained)
            return preparation.template?.bytes ?? []
        case .host:
            throw TemplateError.formatNotConvertible(.host)
        }
    }
}
