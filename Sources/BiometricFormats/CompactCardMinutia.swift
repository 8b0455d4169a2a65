/// One minutia in the ISO/IEC 19794-2:2005 compact card format (3 bytes).
///
/// Byte 0: x in units of 0.1 mm; byte 1: y in 0.1 mm (origin top-left, y down); byte 2: type in
/// bits b8–b7 (`00` other, `01` ridge ending, `10` bifurcation; `11` reserved) and the angle in
/// bits b6–b1, units of 360/64 = 5.625° counter-clockwise from the positive x axis
/// (docs/card-formats.md). The stored angle follows the standard's convention, which
/// ``Minutia/direction`` shares (docs/templates.md): the conversions here change units only.
public struct CompactCardMinutia: Hashable, Sendable, Codable {
    /// 0.1 mm from the left edge (0–25.5 mm).
    public var x: UInt8
    /// 0.1 mm from the top edge (0–25.5 mm).
    public var y: UInt8
    /// Ending, bifurcation or other (2 bits on the card).
    public var kind: Minutia.Kind
    /// 0–63, units of 5.625°.
    public var angle: UInt8

    static let byteCount = 3
    static let angleMask: UInt8 = 0x3F
    /// 0.1 mm units per centimetre: converts with a resolution in pixels per cm.
    static let unitsPerCentimetre = 100.0

    /// A minutia from its fields; `angle` must be below 64.
    public init(x: UInt8, y: UInt8, kind: Minutia.Kind, angle: UInt8) {
        precondition(angle <= Self.angleMask, "compact card angle \(angle) is not below 64")
        self.x = x
        self.y = y
        self.kind = kind
        self.angle = angle
    }

    /// The 3 bytes on the card.
    public var bytes: [UInt8] { [x, y, kind.rawValue << 6 | angle] }

    /// Converts `minutia` (pixels at `resolution`) to card units, rounding to the nearest
    /// 0.1 mm and 5.625°; `nil` when it lies outside the 0–25.5 mm square the format covers or
    /// its position or direction is not finite.
    public init?(_ minutia: Minutia, resolution: ScanResolution) {
        guard let x = Self.cardUnits(minutia.x, pixelsPerCentimetre: resolution.xPixelsPerCentimetre),
              let y = Self.cardUnits(minutia.y, pixelsPerCentimetre: resolution.yPixelsPerCentimetre),
              let angle = MinutiaAngleScale.compactCard.code(direction: minutia.direction)
        else { return nil }
        self.init(x: x, y: y, kind: minutia.kind, angle: UInt8(angle))
    }

    /// The minutia in pixels at `resolution`, with ``Minutia``'s direction convention and
    /// quality 0 (the format has none).
    public func minutia(resolution: ScanResolution) -> Minutia {
        Minutia(x: Double(x) * Double(resolution.xPixelsPerCentimetre) / Self.unitsPerCentimetre,
                y: Double(y) * Double(resolution.yPixelsPerCentimetre) / Self.unitsPerCentimetre,
                direction: MinutiaAngleScale.compactCard.direction(code: Int(angle)),
                kind: kind)
    }

    private static func cardUnits(_ pixels: Double, pixelsPerCentimetre: Int) -> UInt8? {
        guard pixelsPerCentimetre > 0 else { return nil }
        let units = (pixels * unitsPerCentimetre / Double(pixelsPerCentimetre)).rounded()
        guard units.isFinite, units >= 0, units <= Double(UInt8.max) else { return nil }
        return UInt8(units)
    }
}
