/// Minutiae in the ISO/IEC 19794-2 compact card format: 3 bytes each, X and Y in 0.1 mm (origin
/// upper left), then type (b8–b7: `00` other, `01` ending, `10` bifurcation) and angle (b6–b1, in
/// 360/64° steps, counter-clockwise) (smartcard.md §2.7).
///
/// The format has no header: a template is just the minutiae, which is what VERIFY and the
/// BioManager chunks carry. Values are checked when made.
public struct CompactMinutiae: Hashable, Sendable {
    /// Bytes per minutia.
    public static let bytesPerMinutia = 3
    /// Most minutiae one template may hold (a count byte's range).
    public static let maximumCount = 255

    /// The encoded minutiae.
    public let bytes: [UInt8]

    /// Checks `bytes`: a whole number of 3-byte minutiae, 1 to 255 of them, no reserved type.
    public init(bytes: [UInt8]) throws(CompactTemplateError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count.isMultiple(of: Self.bytesPerMinutia) else { throw .notCompactCard(byteCount: bytes.count) }
        let count = bytes.count / Self.bytesPerMinutia
        guard count <= Self.maximumCount else { throw .tooManyMinutiae(count: count, maximum: Self.maximumCount) }
        for index in 0..<count where bytes[index * 3 + 2] >> 6 == 0b11 {
            throw .reservedMinutiaType(index: index)
        }
        self.bytes = bytes
    }

    private init(unchecked records: [Record]) {
        bytes = records.flatMap { [$0.x, $0.y, $0.typeAndAngle] }
    }

    /// The number of minutiae.
    public var count: Int { bytes.count / Self.bytesPerMinutia }

    /// The template as a card wants a probe: pruned to its maximum (farthest from the centre of
    /// mass first; ties: ridge endings first, then the larger angle — 19794-2 §9.3) and sorted
    /// by its order byte.
    /// - Throws: `.tooFewMinutiae` below the card's minimum.
    public func probe(for parameters: MatchingAlgorithmParameters) throws(CompactTemplateError) -> CompactMinutiae {
        guard count >= parameters.minimumMinutiae else {
            throw .tooFewMinutiae(count: count, minimum: parameters.minimumMinutiae)
        }
        let kept = Self.pruned(records, to: parameters.maximumMinutiae)
        return CompactMinutiae(unchecked: Self.sorted(kept, by: parameters.order))
    }

    /// The template as a card wants a reference: within its count range, sorted by its order.
    /// - Throws: `.tooFewMinutiae` or `.tooManyMinutiae`; a reference is never pruned silently.
    public func reference(for parameters: MatchingAlgorithmParameters) throws(CompactTemplateError) -> CompactMinutiae {
        guard count >= parameters.minimumMinutiae else {
            throw .tooFewMinutiae(count: count, minimum: parameters.minimumMinutiae)
        }
        guard count <= parameters.maximumMinutiae else {
            throw .tooManyMinutiae(count: count, maximum: parameters.maximumMinutiae)
        }
        return CompactMinutiae(unchecked: Self.sorted(records, by: parameters.order))
    }

    // MARK: - Records

    struct Record {
        let x: UInt8
        let y: UInt8
        let typeAndAngle: UInt8

        var isRidgeEnding: Bool { typeAndAngle >> 6 == 0b01 }
        var angle: UInt8 { typeAndAngle & 0x3F }
    }

    var records: [Record] {
        stride(from: 0, to: bytes.count, by: 3).map { Record(x: bytes[$0], y: bytes[$0 + 1], typeAndAngle: bytes[$0 + 2]) }
    }

    static func pruned(_ records: [Record], to maximum: Int) -> [Record] {
        guard records.count > maximum else { return records }
        let centre = centreOfMass(records)
        let ranked = records.indices.sorted { a, b in
            let (first, second) = (records[a], records[b])
            let (distanceA, distanceB) = (distanceSquared(first, centre), distanceSquared(second, centre))
            if distanceA != distanceB { return distanceA > distanceB }
            if first.isRidgeEnding != second.isRidgeEnding { return first.isRidgeEnding }
            if first.angle != second.angle { return first.angle > second.angle }
            return a < b
        }
        let dropped = Set(ranked.prefix(records.count - maximum))
        return records.indices.filter { !dropped.contains($0) }.map { records[$0] }
    }

    static func sorted(_ records: [Record], by order: MinutiaOrder) -> [Record] {
        guard let key = order.key, let direction = order.direction, key != .none, direction != .none else {
            return records
        }
        let centre = centreOfMass(records)
        let keyed = records.map { record -> (Record, [Int]) in
            switch key {
            case .xy: (record, [Int(record.x), Int(record.y)])
            case .yx: (record, [Int(record.y), Int(record.x)])
            case .angle: (record, [Int(record.angle)])
            case .polar: (record, [distanceSquared(record, centre), Int(record.angle)])
            case .none: (record, [])
            }
        }
        // Stable: equal keys keep their input order.
        let ascending = keyed.enumerated().sorted { lhs, rhs in
            lhs.element.1 == rhs.element.1 ? lhs.offset < rhs.offset : lhs.element.1.lexicographicallyPrecedes(rhs.element.1)
        }.map(\.element.0)
        return direction == .ascending ? ascending : ascending.reversed()
    }

    /// The mean position in 0.1 mm units, scaled by the count so the arithmetic stays integral.
    private static func centreOfMass(_ records: [Record]) -> (x: Int, y: Int, scale: Int) {
        let x = records.reduce(0) { $0 + Int($1.x) }
        let y = records.reduce(0) { $0 + Int($1.y) }
        return (x, y, max(records.count, 1))
    }

    /// Squared distance from the centre, in (0.1 mm × count)² so no precision is lost.
    private static func distanceSquared(_ record: Record, _ centre: (x: Int, y: Int, scale: Int)) -> Int {
        let dx = Int(record.x) * centre.scale - centre.x
        let dy = Int(record.y) * centre.scale - centre.y
        return dx * dx + dy * dy
    }
}
