extension CompactCardTemplate {
    /// Builds the compact card template a card with `requirements` accepts from `minutiae`
    /// (pixels at `resolution`), in the steps ISO/IEC 19794-2:2005 §9.3 prescribes:
    /// 1. convert to card units, leaving out minutiae beyond 25.5 mm;
    /// 2. stop with ``CompactCardPreparation/tooFewMinutiae(usable:minimum:)`` below the minimum;
    /// 3. remove minutiae over the maximum: lowest quality first, then the farthest from the
    ///    centre of mass (computed before any removal), then ridge endings before other types,
    ///    then the largest angle (§9.3.2);
    /// 4. sort by the card's order (``MinutiaeOrder``); the survivors otherwise keep their
    ///    record order.
    ///
    /// Sorting ties, which the standard leaves open, are broken by the remaining fields in
    /// the order x, y, angle, type, then record order; "polar" measures from the centre of mass
    /// of the minutiae sent (the only one a card can recompute). A descending order is the
    /// ascending sequence reversed. Extended data is never carried over. An order byte the host
    /// cannot honour (``MinutiaeOrder/isSupported``) gives
    /// ``CompactCardPreparation/unsupportedOrder(_:)``.
    public static func prepare(_ minutiae: [Minutia], resolution: ScanResolution,
                               for requirements: CardMinutiaeRequirements) -> CompactCardPreparation {
        let usable = minutiae.enumerated().compactMap { index, minutia in
            CompactCardMinutia(minutia, resolution: resolution).map {
                CardCandidate(card: $0, quality: minutia.quality, recordIndex: index)
            }
        }
        return prepare(usable, outsideCardArea: minutiae.count - usable.count, for: requirements)
    }

    /// ``prepare(_:resolution:for:)`` for the minutiae of one view of a record.
    public static func prepare(_ view: FingerView, resolution: ScanResolution,
                               for requirements: CardMinutiaeRequirements) -> CompactCardPreparation {
        prepare(view.minutiae, resolution: resolution, for: requirements)
    }

    /// ``prepare(_:resolution:for:)`` for the first view of `record`, at the record's
    /// resolution; a record without views has no usable minutiae.
    public static func prepare(_ record: MinutiaeRecord,
                               for requirements: CardMinutiaeRequirements) -> CompactCardPreparation {
        prepare(record.minutiae, resolution: record.resolution, for: requirements)
    }

    /// This template as a probe for a card with `requirements`: the same §9.3 steps as
    /// ``prepare(_:resolution:for:)``, on minutiae that are already in card units and carry no
    /// quality (so pruning starts at the distance from the centre of mass). Preparing a
    /// prepared template again changes nothing.
    public func prepared(for requirements: CardMinutiaeRequirements) -> CompactCardPreparation {
        let candidates = minutiae.enumerated().map { CardCandidate(card: $1, quality: 0, recordIndex: $0) }
        return Self.prepare(candidates, outsideCardArea: 0, for: requirements)
    }

    /// This template as a reference for a card with `requirements`: within its count range,
    /// sorted by its order, never pruned.
    /// - Throws: ``CompactTemplateError`` before anything is sent.
    public func reference(for requirements: CardMinutiaeRequirements) throws(CompactTemplateError) -> CompactCardTemplate {
        guard minutiae.count <= requirements.maximumCount else {
            throw .tooManyMinutiae(count: minutiae.count, maximum: requirements.maximumCount)
        }
        return try prepared(for: requirements).get()
    }

    /// The one §9.3 routine both entries use: check the order and the minimum, prune, sort.
    private static func prepare(_ usable: [CardCandidate], outsideCardArea: Int,
                                for requirements: CardMinutiaeRequirements) -> CompactCardPreparation {
        guard requirements.order.isSupported else { return .unsupportedOrder(requirements.order) }
        guard usable.count >= requirements.minimumCount else {
            return .tooFewMinutiae(usable: usable.count, minimum: requirements.minimumCount)
        }
        let kept = pruned(usable, toAtMost: max(0, requirements.maximumCount))
        let ordered = sorted(kept, by: requirements.order)
        return .ready(CompactCardTemplate(minutiae: ordered.map(\.card)),
                      omitted: .init(outsideCardArea: outsideCardArea, overMaximum: usable.count - kept.count))
    }

    private static func pruned(_ candidates: [CardCandidate], toAtMost maximum: Int) -> [CardCandidate] {
        guard candidates.count > maximum else { return candidates }
        let centre = CentreOfMass(candidates.map(\.card))
        let removalOrder = candidates.sorted { a, b in
            if a.quality != b.quality { return a.quality < b.quality }
            let (da, db) = (centre.scaledSquaredDistance(a.card), centre.scaledSquaredDistance(b.card))
            if da != db { return da > db }
            let (ea, eb) = (a.card.kind == .ending, b.card.kind == .ending)
            if ea != eb { return ea }
            if a.card.angle != b.card.angle { return a.card.angle > b.card.angle }
            return a.recordIndex > b.recordIndex
        }
        return removalOrder.dropFirst(candidates.count - maximum)
            .sorted { $0.recordIndex < $1.recordIndex }
    }

    /// Sorted by a supported order (the caller checked ``MinutiaeOrder/isSupported``).
    private static func sorted(_ candidates: [CardCandidate], by order: MinutiaeOrder) -> [CardCandidate] {
        let centre = CentreOfMass(candidates.map(\.card))
        let key: (CardCandidate) -> [Int]
        switch order.criterion {
        case .none, .unrecognized:
            return candidates
        case .cartesianXY:
            key = { [Int($0.card.x), Int($0.card.y), Int($0.card.angle)] }
        case .cartesianYX:
            key = { [Int($0.card.y), Int($0.card.x), Int($0.card.angle)] }
        case .angle:
            key = { [Int($0.card.angle), Int($0.card.x), Int($0.card.y)] }
        case .polar:
            key = { [centre.scaledSquaredDistance($0.card), Int($0.card.angle),
                     Int($0.card.x), Int($0.card.y)] }
        }
        let ascending = candidates.sorted { a, b in
            let (ka, kb) = (key(a) + [Int(a.card.kind.rawValue), a.recordIndex],
                            key(b) + [Int(b.card.kind.rawValue), b.recordIndex])
            return ka.lexicographicallyPrecedes(kb)
        }
        return order.direction == .descending ? ascending.reversed() : ascending
    }
}

/// A minutia on its way to the card, with what pruning needs beyond the 3 bytes.
private struct CardCandidate {
    let card: CompactCardMinutia
    let quality: Int
    let recordIndex: Int
}

/// The centre of mass of card minutiae, kept as sums so distances compare exactly.
private struct CentreOfMass {
    let count: Int
    let sumX: Int
    let sumY: Int

    init(_ minutiae: [CompactCardMinutia]) {
        count = minutiae.count
        sumX = minutiae.reduce(0) { $0 + Int($1.x) }
        sumY = minutiae.reduce(0) { $0 + Int($1.y) }
    }

    /// The squared distance from the centre times count², an integer, so ties are exact.
    func scaledSquaredDistance(_ minutia: CompactCardMinutia) -> Int {
        let dx = count * Int(minutia.x) - sumX
        let dy = count * Int(minutia.y) - sumY
        return dx * dx + dy * dy
    }
}
