/// The historical bytes of an ATR decoded by their category indicator (ISO/IEC 7816-4 §8.1.1).
public struct HistoricalBytes: Hashable, Sendable, Encodable {
    /// The structure announced by the first byte.
    public enum Category: String, Sendable, Encodable {
        /// No historical bytes.
        case empty
        /// `00`: COMPACT-TLV objects, then a mandatory 3-byte status indicator (LCS, SW1, SW2).
        case compactTLVWithStatusIndicator
        /// `10`: one DIR data reference byte follows.
        case dirDataReference
        /// `80`: COMPACT-TLV objects; a status indicator may be among them (tag `8`).
        case compactTLV
        /// `81`–`8F`: reserved for future use.
        case reserved
        /// Any other first byte: a proprietary format.
        case proprietary
    }

    /// T1…TK as received.
    public let bytes: [UInt8]
    /// The structure the first byte announces.
    public let category: Category
    /// The COMPACT-TLV objects read (all of them, or those before a malformation).
    public let objects: [HistoricalObject]
    /// The mandatory indicator of category `00`, or the tag-`8` object of category `80`.
    public let statusIndicator: StatusIndicator?
    /// The byte after category `10`.
    public let dirDataReference: UInt8?
    /// What did not follow the announced structure, e.g. malformed COMPACT-TLV under category `00`.
    public let problems: [String]

    /// Decodes historical bytes; never fails (see `problems`).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var problems: [String] = []
        var objects: [HistoricalObject] = []
        var status: StatusIndicator?
        var reference: UInt8?
        let category = Self.category(of: bytes.first)
        switch category {
        case .compactTLVWithStatusIndicator:
            if bytes.count >= 4 {
                objects = Self.objects(in: Array(bytes[1..<(bytes.count - 3)]), firstOffset: 1, category: "00", problems: &problems)
                status = StatusIndicator(bytes: Array(bytes.suffix(3)))
            } else {
                problems.append("category 00 needs a 3-byte status indicator at the end; only \(bytes.count - 1) byte(s) follow the category")
            }
        case .compactTLV:
            objects = Self.objects(in: Array(bytes.dropFirst()), firstOffset: 1, category: "80", problems: &problems)
            status = objects.first { $0.kind == .statusIndicator }?.statusIndicator
        case .dirDataReference:
            reference = bytes.count > 1 ? bytes[1] : nil
            if bytes.count != 2 {
                problems.append("category 10 is followed by exactly 1 DIR data reference byte; found \(bytes.count - 1)")
            }
        case .empty, .reserved, .proprietary:
            break
        }
        self.category = category
        self.objects = objects
        self.statusIndicator = status
        self.dirDataReference = reference
        self.problems = problems + objects.compactMap(\.problem)
    }

    /// The first byte, when there is one.
    public var categoryIndicator: UInt8? { bytes.first }

    /// The bytes as text when every one is printable ASCII (many proprietary ATRs spell a name).
    public var printableText: String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func category(of first: UInt8?) -> Category {
        guard let first else { return .empty }
        switch first {
        case 0x00: return .compactTLVWithStatusIndicator
        case 0x10: return .dirDataReference
        case 0x80: return .compactTLV
        case 0x81...0x8F: return .reserved
        default: return .proprietary
        }
    }

    private static func objects(in region: [UInt8], firstOffset: Int, category: String,
                                problems: inout [String]) -> [HistoricalObject] {
        let (decoded, problem) = CompactTLV.decodePrefix(region)
        if let problem, case .truncatedValue(let declared, let available) = problem.problem {
            let header = region[problem.offset]
            problems.append("malformed compact-TLV under category \(category): byte \([header].hexString()) at historical byte \(problem.offset + firstOffset + 1) declares tag \(header >> 4) with \(declared) byte(s), only \(available) follow")
        }
        return decoded.map(HistoricalObject.init)
    }
}
