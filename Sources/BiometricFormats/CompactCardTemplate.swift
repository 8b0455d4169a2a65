/// An ISO/IEC 19794-2:2005 compact card template: the minutiae a match-on-card VERIFY carries,
/// 3 bytes each, with no header.
///
/// The ISO/IEC 7816-11 wrapping (`7F2E` biometric data template, `81` plain data) belongs to the
/// card edge (docs/card-formats.md), not here. Build one for a card with
/// ``prepare(_:resolution:for:)``, which prunes and sorts as the card's BIT asks.
public struct CompactCardTemplate: Hashable, Sendable, Codable {
    /// The minutiae in the order they are sent to the card.
    public var minutiae: [CompactCardMinutia]

    /// A template of these minutiae, in this order.
    public init(minutiae: [CompactCardMinutia]) {
        self.minutiae = minutiae
    }

    /// Decodes 3 bytes per minutia.
    /// - Throws: ``TemplateError`` when the byte count is not a multiple of 3 or a minutia uses
    ///   the reserved type `11`. Zero bytes decode to an empty template.
    public init(bytes: some Collection<UInt8>) throws {
        let bytes = Array(bytes)
        guard bytes.count % CompactCardMinutia.byteCount == 0 else {
            throw TemplateError.truncated(
                format: .compactCard,
                field: "minutia \(bytes.count / CompactCardMinutia.byteCount + 1)",
                offset: bytes.count - bytes.count % CompactCardMinutia.byteCount,
                byteCount: bytes.count)
        }
        var minutiae: [CompactCardMinutia] = []
        minutiae.reserveCapacity(bytes.count / CompactCardMinutia.byteCount)
        for start in stride(from: 0, to: bytes.count, by: CompactCardMinutia.byteCount) {
            let typeAndAngle = bytes[start + 2]
            guard let kind = Minutia.Kind(rawValue: typeAndAngle >> 6) else {
                throw TemplateError.invalidField(
                    format: .compactCard, field: "minutia \(minutiae.count + 1) type",
                    offset: start + 2, value: Int(typeAndAngle >> 6),
                    allowed: "0 other, 1 ridge ending, 2 bifurcation (3 is reserved)")
            }
            minutiae.append(CompactCardMinutia(x: bytes[start], y: bytes[start + 1], kind: kind,
                                               angle: typeAndAngle & CompactCardMinutia.angleMask))
        }
        self.minutiae = minutiae
    }

    /// The number of minutiae.
    public var count: Int { minutiae.count }

    /// Most minutiae a card's count byte (BHT `B1`/`81`) can name.
    public static let maximumMinutiae = 255

    /// The template bytes, 3 per minutia in order.
    public var bytes: [UInt8] { minutiae.flatMap(\.bytes) }

    /// The minutiae in pixels at `resolution` (the card format itself carries none).
    public func minutiae(resolution: ScanResolution) -> [Minutia] {
        minutiae.map { $0.minutia(resolution: resolution) }
    }

    /// Whether `bytes` could be a compact card template: a non-empty multiple of 3 bytes with
    /// no reserved type bits. The sniffing rule's last step (``TemplateFormat/detect(_:)``).
    static func isPlausible(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, bytes.count % CompactCardMinutia.byteCount == 0 else { return false }
        return stride(from: 2, to: bytes.count, by: CompactCardMinutia.byteCount)
            .allSatisfy { bytes[$0] >> 6 != 0b11 }
    }
}
