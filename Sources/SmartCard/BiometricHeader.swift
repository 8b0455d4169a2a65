import APDU
import BiometricFormats

/// A biometric header template (BHT, tag `A1`, ISO/IEC 19785-3 patron format for cards): what kind
/// of reference a card holds and what probe it wants (docs/card-formats.md).
///
/// pbtool's BioManager cards use the same template as their bio header, so one parser serves the
/// ISO BIT and GET BIO HEADER.
public struct BiometricHeader: Hashable, Sendable {
    /// Format owner ISO/IEC JTC 1/SC 37 (`87 02 01 01`).
    public static let isoFormatOwner: UInt16 = 0x0101
    /// SC 37 finger minutiae, compact card format (`88 02 00 06`).
    public static let compactCardFormat: UInt16 = 0x0006
    /// SC 37 finger minutiae, normal card format (`88 02 00 04`).
    public static let normalCardFormat: UInt16 = 0x0004
    /// CBEFF biometric type "finger" (`81 01 08`).
    public static let fingerType: UInt32 = 0x08

    /// CBEFF biometric type (tag `81`, 1–3 bytes).
    public var biometricType: UInt32?
    /// CBEFF biometric subtype (tag `82`): which finger.
    public var subtype: UInt8?
    /// Format owner (tag `87`).
    public var formatOwner: UInt16?
    /// Format type (tag `88`).
    public var formatType: UInt16?
    /// Matching-algorithm parameters (tag `B1`).
    public var parameters: CardMinutiaeRequirements?

    /// A header from its parts.
    public init(biometricType: UInt32? = nil, subtype: UInt8? = nil, formatOwner: UInt16? = nil,
                formatType: UInt16? = nil, parameters: CardMinutiaeRequirements? = nil) {
        self.biometricType = biometricType
        self.subtype = subtype
        self.formatOwner = formatOwner
        self.formatType = formatType
        self.parameters = parameters
    }

    /// The header pbtool declares for compact-card minutiae of `finger`.
    public static func compactCard(_ finger: Finger, parameters: CardMinutiaeRequirements? = nil) -> BiometricHeader {
        BiometricHeader(biometricType: fingerType, subtype: finger.cbeffSubtype, formatOwner: isoFormatOwner,
                        formatType: compactCardFormat, parameters: parameters)
    }

    /// The finger the subtype names, if it names one.
    public var finger: Finger? { subtype.flatMap(Finger.init(cbeffSubtype:)) }

    /// Whether the reference is ISO 19794-2 compact-card minutiae, the probe pbtool builds.
    public var isCompactCard: Bool { formatOwner == Self.isoFormatOwner && formatType == Self.compactCardFormat }

    /// `ISO compact card`, `ISO normal card`, or `owner 0101 type 0002`.
    public var formatName: String {
        switch (formatOwner, formatType) {
        case (Self.isoFormatOwner, Self.compactCardFormat): "ISO 19794-2 compact card"
        case (Self.isoFormatOwner, Self.normalCardFormat): "ISO 19794-2 normal card"
        case (nil, nil): "unspecified"
        default: "owner \(Self.hex(formatOwner)) type \(Self.hex(formatType))"
        }
    }

    private static func hex(_ value: UInt16?) -> String {
        value.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)].hexString(separator: "") } ?? "none"
    }
}

extension BiometricHeader {
    /// Reads a BHT from its `A1` object; unknown children are skipped.
    /// - Throws: `CardEdgeError.malformedResponse` for a wrong tag or field sizes.
    public init(_ object: BERTLV, operation: String) throws(CardEdgeError) {
        guard object.tag == 0xA1 else {
            throw .malformedResponse(operation: operation, reason: "expected a biometric header A1, found \(object.tag)")
        }
        func field(_ tag: BERTag, sizes: ClosedRange<Int>) throws(CardEdgeError) -> UInt32? {
            guard let child = object.first(tag) else { return nil }
            guard sizes.contains(child.value.count) else {
                throw .malformedResponse(operation: operation,
                                         reason: "BHT \(tag) holds \(child.value.count) bytes, expected \(sizes)")
            }
            return child.value.reduce(0) { $0 << 8 | UInt32($1) }
        }
        biometricType = try field(0x81, sizes: 1...3)
        subtype = try field(0x82, sizes: 1...1).map { UInt8($0) }
        formatOwner = try field(0x87, sizes: 2...2).map { UInt16($0) }
        formatType = try field(0x88, sizes: 2...2).map { UInt16($0) }
        parameters = try object.first(0xB1).map { parameters throws(CardEdgeError) in
            try Self.parameters(parameters, operation: operation)
        }
    }

    private static func parameters(_ object: BERTLV, operation: String) throws(CardEdgeError) -> CardMinutiaeRequirements {
        guard let limits = object.first(0x81)?.value, limits.count == 2 else {
            throw .malformedResponse(operation: operation, reason: "BHT B1 lacks the 2-byte minutiae range 81")
        }
        guard limits[0] <= limits[1] else {
            throw .malformedResponse(operation: operation,
                                     reason: "BHT B1 minutiae range \(limits[0])…\(limits[1]) is empty")
        }
        let order = object.first(0x82)?.value
        let features = object.first(0x83)?.value
        guard order.map({ $0.count == 1 }) ?? true, features.map({ $0.count == 1 }) ?? true else {
            throw .malformedResponse(operation: operation, reason: "BHT B1 order 82 and features 83 must be 1 byte")
        }
        return CardMinutiaeRequirements(minimumCount: Int(limits[0]), maximumCount: Int(limits[1]),
                                        order: MinutiaeOrder(rawValue: order?.first ?? 0),
                                        featureHandling: features?.first ?? 0)
    }

    /// The `A1` object: `81` type, `82` subtype, `87` owner, `88` format, `B1` parameters.
    public var tlv: BERTLV {
        BERTLV(0xA1) {
            if let biometricType { BERTLV(0x81, Self.minimalBytes(biometricType)) }
            if let subtype { BERTLV(0x82, [subtype]) }
            if let formatOwner { BERTLV(0x87, [UInt8(formatOwner >> 8), UInt8(formatOwner & 0xFF)]) }
            if let formatType { BERTLV(0x88, [UInt8(formatType >> 8), UInt8(formatType & 0xFF)]) }
            if let parameters {
                BERTLV(0xB1) {
                    BERTLV(0x81, [UInt8(clamping: parameters.minimumCount), UInt8(clamping: parameters.maximumCount)])
                    BERTLV(0x82, [parameters.order.rawValue])
                    BERTLV(0x83, [parameters.featureHandling])
                }
            }
        }
    }

    private static func minimalBytes(_ value: UInt32) -> [UInt8] {
        let bytes = [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return Array(bytes.drop { $0 == 0 }.isEmpty ? [0] : bytes.drop { $0 == 0 })
    }
}
