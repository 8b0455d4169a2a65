import APDU
import BiometricFormats

/// One biometric information template (BIT, tag `7F60`, ISO/IEC 7816-11): the reference a
/// VERIFY names and the header saying what probe it wants (docs/card-formats.md).
public struct BiometricInformation: Hashable, Sendable {
    /// The algorithm reference (tag `80`), when the card gives one.
    public var algorithmReference: UInt8?
    /// The reference data qualifier (tag `83`): VERIFY's P2 for this reference.
    public var referenceQualifier: UInt8?
    /// The biometric header template (tag `A1`).
    public var header: BiometricHeader

    /// A BIT from its parts.
    public init(algorithmReference: UInt8? = nil, referenceQualifier: UInt8?, header: BiometricHeader) {
        self.algorithmReference = algorithmReference
        self.referenceQualifier = referenceQualifier
        self.header = header
    }

    /// The finger the header names, if any.
    public var finger: Finger? { header.finger }

    /// The `7F60` object.
    public var tlv: BERTLV {
        BERTLV(0x7F60) {
            if let algorithmReference { BERTLV(0x80, [algorithmReference]) }
            if let referenceQualifier { BERTLV(0x83, [referenceQualifier]) }
            header.tlv
        }
    }

    /// Reads a BIT from its `7F60` object.
    /// - Throws: `CardEdgeError.malformedResponse` when the header is missing or malformed.
    public init(_ object: BERTLV, operation: String) throws(CardEdgeError) {
        guard object.tag == 0x7F60 else {
            throw .malformedResponse(operation: operation, reason: "expected a BIT 7F60, found \(object.tag)")
        }
        guard let header = object.first(0xA1) else {
            throw .malformedResponse(operation: operation, reason: "BIT 7F60 has no biometric header A1")
        }
        for tag: BERTag in [0x80, 0x83] where object.first(tag).map({ $0.value.count != 1 }) ?? false {
            throw .malformedResponse(operation: operation, reason: "BIT \(tag) must be 1 byte")
        }
        algorithmReference = object.first(0x80)?.value.first
        referenceQualifier = object.first(0x83)?.value.first
        self.header = try BiometricHeader(header, operation: operation)
    }

    /// The BIT group template `7F61 { 02 count, 7F60 … }`.
    public static func group(_ templates: [BiometricInformation]) -> BERTLV {
        BERTLV(0x7F61) {
            BERTLV(0x02, [UInt8(clamping: templates.count)])
            templates.map(\.tlv)
        }
    }

    /// The BITs of a BIT group template found in `data`: at its top level, or inside an FCI
    /// (`6F`/`A5`) as some cards answer SELECT. Nil when `data` holds no `7F61`.
    /// - Throws: `CardEdgeError.malformedResponse` for bad TLV, a count that disagrees, or a bad BIT.
    public static func templates(in data: [UInt8], operation: String) throws(CardEdgeError) -> [BiometricInformation]? {
        let objects: [BERTLV]
        do {
            objects = try BERTLV.decode(data)
        } catch {
            throw .malformedResponse(operation: operation, reason: "not BER-TLV: \(error)")
        }
        guard let group = findGroup(in: objects) else { return nil }
        let templates = try group.all(0x7F60).map { bit throws(CardEdgeError) in
            try BiometricInformation(bit, operation: operation)
        }
        if let count = group.first(0x02)?.value, count.count != 1 || Int(count[0]) != templates.count {
            throw .malformedResponse(operation: operation,
                                     reason: "BIT group announces \(count.hexString()) templates and holds \(templates.count)")
        }
        return templates
    }

    private static func findGroup(in objects: [BERTLV]) -> BERTLV? {
        for object in objects {
            if object.tag == 0x7F61 { return object }
            if let inner = findGroup(in: object.children) { return inner }
        }
        return nil
    }
}
