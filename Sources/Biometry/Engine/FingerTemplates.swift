import Fingerprint

/// The encodings an enrolled or probing finger takes: the engine's host template and an ISO/IEC
/// 19794-2 record for the host store, compact-card minutiae for a card, and back from the stored
/// forms to the matcher's.
public enum FingerTemplates {
    /// The engine's host template (`PBHT`): minutiae at fine steps, quality and foreground map.
    /// - Throws: `HostTemplateError` when a value does not fit the format.
    public static func hostTemplate(_ features: FingerprintFeatures) throws -> [UInt8] {
        var bounded = features
        bounded.minutiae = Array(features.minutiae.prefix(HostTemplate.maximumMinutiae))
        return try HostTemplate(bounded).encoded()
    }

    /// A stored host template made ready for the host matcher.
    /// - Throws: `HostTemplateError` for bytes that are not a readable host template.
    public static func prepared(hostTemplate bytes: [UInt8], engine: RecognitionEngine) throws -> PreparedTemplate {
        PreparedTemplate(try HostTemplate(bytes: bytes).features, parameters: engine.matching)
    }

    /// The ISO/IEC 19794-2:2005 record of `features` (one live-swipe view of `finger`).
    /// - Throws: `TemplateError` when a value does not fit the record.
    public static func isoRecord(_ features: FingerprintFeatures, finger: Finger?) throws -> [UInt8] {
        let record = MinutiaeRecord(imageWidth: features.width, imageHeight: features.height,
                                    resolution: ScanResolution(dpi: features.dpi), finger: finger,
                                    impression: .swipe, quality: features.quality,
                                    minutiae: Array(features.minutiae.prefix(255)))
        return try record.encoded(as: .iso)
    }

    /// Compact-card minutiae for a card with `requirements`: placed inside the 25.5 mm the format
    /// covers, the best-quality minutiae up to its maximum (ISO/IEC 19794-2 §9.3), in its order.
    /// - Throws: ``BiometryError/tooFewMinutiaeForCard(usable:minimum:)`` below its minimum;
    ///   ``BiometryError/tooDenseForCard(perSquareMillimetre:)`` when they lie closer together
    ///   than fingers allow, which pbtool's applets refuse (`6984`, `6A80`) without saying why.
    public static func compactCard(_ features: FingerprintFeatures,
                                   for requirements: CardMinutiaeRequirements) throws -> CompactCardTemplate {
        switch features.compactCardTemplate(for: requirements) {
        case .ready(let template, _):
            let density = MinutiaDensity(template)
            guard density.isPlausible else { throw BiometryError.tooDenseForCard(perSquareMillimetre: density.perSquareMillimetre) }
            return template
        case .tooFewMinutiae(let usable, let minimum):
            throw BiometryError.tooFewMinutiaeForCard(usable: usable, minimum: minimum)
        case .unsupportedOrder(let order):
            throw BiometryError.unsupportedCardOrder(order.rawValue)
        }
    }
}
