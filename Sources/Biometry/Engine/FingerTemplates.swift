import Fingerprint
import SmartCard

/// The encodings an enrolled or probing finger takes: an ISO/IEC 19794-2 record for the host
/// store, compact-card minutiae for a card, and back from the record to the matcher's form.
public enum FingerTemplates {
    /// The ISO/IEC 19794-2:2005 record of `features` (one live-swipe view of `finger`).
    /// - Throws: `TemplateError` when a value does not fit the record.
    public static func isoRecord(_ features: FingerprintFeatures, finger: Finger?) throws -> [UInt8] {
        let position = Fingerprint.FingerPosition(rawValue: UInt8(finger?.rawValue ?? 0))
        let record = MinutiaeRecord(imageWidth: features.width, imageHeight: features.height,
                                    resolution: ScanResolution(dpi: features.dpi), finger: position,
                                    impression: .swipe, quality: features.quality,
                                    minutiae: Array(features.minutiae.prefix(255)))
        return try record.encoded(as: .iso)
    }

    /// A stored ISO/IEC 19794-2 record made ready for the host matcher. Records carry no
    /// foreground map, so the matcher treats the whole image as seen.
    /// - Throws: `TemplateError` for bytes that are not a readable record.
    public static func prepared(isoRecord bytes: [UInt8], engine: RecognitionEngine) throws -> PreparedTemplate {
        let record = try ISO19794Record.decode(bytes)
        return PreparedTemplate(minutiae: record.minutiae, dpi: record.resolution.xDPI, foreground: nil,
                                parameters: engine.matching)
    }

    /// Compact-card minutiae for a card with `parameters`: the best-quality minutiae up to its
    /// maximum (ISO/IEC 19794-2 §9.3), in its order.
    /// - Throws: ``BiometryError/tooFewMinutiaeForCard(usable:minimum:)`` below its minimum.
    public static func compactCard(_ features: FingerprintFeatures,
                                   for parameters: SmartCard.MatchingAlgorithmParameters) throws -> CompactMinutiae {
        let requirements = CardMinutiaeRequirements(minimumCount: parameters.minimumMinutiae,
                                                    maximumCount: parameters.maximumMinutiae,
                                                    order: MinutiaeOrder(rawValue: parameters.order.rawValue))
        switch CompactCardTemplate.prepare(features.minutiae, resolution: ScanResolution(dpi: features.dpi),
                                           for: requirements) {
        case .ready(let template, _):
            return try CompactMinutiae(bytes: template.bytes)
        case .tooFewMinutiae(let usable, let minimum):
            throw BiometryError.tooFewMinutiaeForCard(usable: usable, minimum: minimum)
        case .unsupportedOrder(let order):
            throw BiometryError.unsupportedCardOrder(order.rawValue)
        }
    }
}
