import Sensors

/// One model of `sensor list --supported`, also its JSON shape.
struct SupportedSensor: Encodable {
    let id: String
    let name: String
    let usbIDs: [String]
    /// `press` or `swipe`.
    let scanType: ScanKind
    /// `frames`, `lines` or `image`: what the sensor delivers.
    let delivers: String
    let dpi: Double

    init(_ profile: SensorProfile) {
        id = profile.id
        name = profile.name
        usbIDs = profile.usbIDs.map(\.description)
        scanType = profile.kind
        delivers = switch profile.geometry {
        case .frames(let width, let height): "\(width)×\(height) frames"
        case .lines(let width, let lookAhead) where lookAhead > 0: "\(width)-pixel lines with a \(lookAhead)-pixel look-ahead"
        case .lines(let width, _): "\(width)-pixel lines"
        case .image(let width, let height): "one \(width)×\(height) image"
        }
        dpi = profile.dpi
    }

    /// `nb1010      press  NEXT Biometrics NB-1010-U  298d:1010  one 256×180 image, 500 dpi`.
    var line: String {
        let padded = id + String(repeating: " ", count: max(1, 12 - id.count))
        return "\(padded)\(scanType.rawValue)  \(name)  \(usbIDs.joined(separator: ", "))  \(delivers), \(Int(dpi)) dpi"
    }
}
