/// Who made a template, as far as anyone can tell: pbtool's extractor, a maker the record names
/// (its capture-equipment device type or, in ANSI records, its CBEFF product identifier), or
/// nobody known. Thresholds may depend on it (``Threshold/forFalseMatchRate(_:matcher:origins:)``).
public enum TemplateOrigin: Sendable, Hashable {
    /// Extracted by pbtool in this process.
    case pbtool
    /// A record that names its capture device or product.
    case reported(deviceType: UInt16, product: CBEFFProductIdentifier?)
    /// A record that names neither (device type 0, no product identifier).
    case unknown

    /// What `record`'s header says about its maker.
    public init(_ record: MinutiaeRecord) {
        let device = record.captureEquipment.deviceType
        if device == 0 && record.productIdentifier == nil {
            self = .unknown
        } else {
            self = .reported(deviceType: device, product: record.productIdentifier)
        }
    }

    /// "pbtool", "device 0x123, product 0x0031/0x0001", "unknown".
    public var label: String {
        switch self {
        case .pbtool: "pbtool"
        case .unknown: "unknown"
        case let .reported(device, product):
            "device 0x" + String(device, radix: 16)
                + (product.map { ", product 0x" + String($0.owner, radix: 16) + "/0x" + String($0.type, radix: 16) } ?? "")
        }
    }
}
