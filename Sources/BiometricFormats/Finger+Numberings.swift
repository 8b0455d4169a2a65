/// The numberings other than the ISO position code: one table, read both ways
/// (docs/card-formats.md, "Finger numberings").
extension Finger {
    /// The ISO/IEC 19794-2 / ANSI INCITS 378 finger position code (1–10) a minutiae record holds.
    public var isoPosition: Int { rawValue }

    /// The finger with ISO/IEC 19794-2 finger position code `code`; nil for 0 ("unknown") and the
    /// multi-finger codes above 10.
    public init?(isoPosition code: Int) {
        self.init(rawValue: code)
    }

    /// The template store's finger column. The store numbers fingers like ISO/IEC 19794-2 so a
    /// stored row reads the same in either; kept as its own name so a reader of the store code
    /// sees which numbering a column uses.
    public var storeCode: Int { rawValue }

    /// The finger a store row's finger column names, or nil for a code no finger has.
    public init?(storeCode code: Int) {
        self.init(rawValue: code)
    }

    /// The BioManager container (P1) the Precise reference code uses for this finger:
    /// 0 R-index, 1 L-index, 2 R-middle, 3 L-middle, 4 R-ring, 5 L-ring, 6 R-little, 7 L-little,
    /// 8 R-thumb, 9 L-thumb.
    public var bioManagerContainer: UInt8 {
        let digit = (rawValue - 1) % 5
        let hand: UInt8 = isRight ? 0 : 1
        return digit == 0 ? 8 + hand : UInt8(digit - 1) * 2 + hand
    }

    /// The finger stored in BioManager container `container` (0–9), or nil.
    public init?(bioManagerContainer container: UInt8) {
        guard let match = Self.allCases.first(where: { $0.bioManagerContainer == container }) else { return nil }
        self = match
    }

    /// The CBEFF biometric subtype (BHT tag `82`, NISTIR 6529-A): b1 right, b2 left, b5–b3 the
    /// finger (`04` thumb … `14` little), e.g. `09` for the right index.
    public var cbeffSubtype: UInt8 {
        UInt8((rawValue - 1) % 5 + 1) << 2 | (isRight ? 0x01 : 0x02)
    }

    /// The finger a CBEFF subtype names, or nil (`00` "any finger" and non-finger values).
    public init?(cbeffSubtype subtype: UInt8) {
        guard let match = Self.allCases.first(where: { $0.cbeffSubtype == subtype }) else { return nil }
        self = match
    }

    /// The `pb-iso` reference data qualifier (VERIFY P2) of this finger's slot: `91` … `9A`,
    /// `0x90` plus the ISO position (`right-index` = `92`).
    public var isoReference: UInt8 { 0x90 + UInt8(rawValue) }

    /// The finger whose `pb-iso` slot is reference `reference` (`91` … `9A`), or nil.
    public init?(isoReference reference: UInt8) {
        guard reference > 0x90 else { return nil }
        self.init(rawValue: Int(reference - 0x90))
    }
}
