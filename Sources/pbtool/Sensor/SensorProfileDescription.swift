import Fingerprint
import Sensors

/// A sensor profile as `sensor info` shows it, also its JSON shape.
struct SensorProfileDescription: Encodable {
    let id: String
    let name: String
    let usbIDs: [String]
    /// `press` or `swipe`.
    let scanType: ScanKind
    /// `frames`, `lines` or `image`.
    let kind: String
    let stripWidth: Int
    /// Frame height, or 1 for a line sensor.
    let stripHeight: Int
    let lookAhead: Int?
    let dpi: Double
    let transferTimeoutMilliseconds: Int
    let canvasWidth: Int?
    let minimumHeight: Int
    let minimumArea: Int

    init(_ profile: SensorProfile) {
        id = profile.id
        name = profile.name
        usbIDs = profile.usbIDs.map(\.description)
        scanType = profile.kind
        switch profile.geometry {
        case .frames(let width, let height):
            (kind, stripWidth, stripHeight, lookAhead) = ("frames", width, height, nil)
        case .lines(let width, let strip):
            (kind, stripWidth, stripHeight, lookAhead) = ("lines", width, 1, strip)
        case .image(let width, let height):
            (kind, stripWidth, stripHeight, lookAhead) = ("image", width, height, nil)
        }
        dpi = profile.dpi
        let (seconds, attoseconds) = profile.transferTimeout.components
        transferTimeoutMilliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        if case .frames(let parameters, _) = profile.stitching {
            canvasWidth = parameters.canvasWidth
        } else {
            canvasWidth = nil
        }
        minimumHeight = profile.assessment.minimumHeight
        minimumArea = profile.assessment.minimumArea
    }

    var lines: [String] {
        var text = ["\(name) (--sensor \(id))"]
        if !usbIDs.isEmpty { text.append("  USB IDs:     \(usbIDs.joined(separator: ", "))") }
        let geometry = switch kind {
        case "frames": "\(stripWidth)×\(stripHeight) frames, stitched on a \(canvasWidth ?? stripWidth)-pixel canvas"
        case "lines" where (lookAhead ?? 0) > 0:
            "\(stripWidth)-pixel lines with a \(lookAhead ?? 0)-pixel look-ahead strip, speed-resampled"
        case "lines": "\(stripWidth)-pixel lines, repeats dropped"
        default: "one \(stripWidth)×\(stripHeight) image per capture"
        }
        text.append("  scan type:   \(scanType.rawValue) (\(scanType.verb) the finger)")
        text.append("  strips:      \(geometry)")
        text.append("  resolution:  \(Int(dpi)) dpi")
        if transferTimeoutMilliseconds > 0 { text.append("  timeout:     \(transferTimeoutMilliseconds) ms per USB transfer") }
        let short = minimumHeight > 0 ? "too short below \(minimumHeight) rows, " : ""
        text.append("  feedback:    \(short)too little area below \(minimumArea) ridge pixels")
        return text
    }
}
