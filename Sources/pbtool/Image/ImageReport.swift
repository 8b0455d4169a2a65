import Foundation
import ImageCodecs

/// One image file as `image info` and `image convert` report it (text and JSON).
struct ImageReport: Encodable {
    struct Resolution: Encodable {
        /// What the file records, in dpi (nil: nothing).
        let stored: Double?
        /// Whether the stored value is a plausible scanner resolution.
        let plausible: Bool
        /// The resolution pbtool uses for the image.
        let used: Double
        /// The vertical resolution when the file records one that differs (nil otherwise): pbtool
        /// then reads the image resampled to square pixels at the horizontal one, this many rows.
        let vertical: Double?
        let squareHeight: Int?
    }

    let path: String
    let bytes: Int?
    let format: String
    let width: Int
    let height: Int
    let bitDepth: Int
    let layout: String
    let dpi: Resolution
    let fields: [ImageInfo.Field]

    init(path: String, info: ImageInfo, usedDPI: Double) {
        self.path = path
        bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        format = info.format.rawValue
        width = info.width
        height = info.height
        bitDepth = info.bitDepth
        layout = info.layout.rawValue
        dpi = Resolution(stored: info.storedDPI, plausible: info.usableDPI != nil, used: usedDPI,
                         vertical: info.nonSquareVerticalDPI, squareHeight: info.squarePixelHeight)
        fields = info.fields
    }

    /// "TIFF", "JPEG 2000".
    private var formatName: String { ImageFormat(rawValue: format)?.displayName ?? format.uppercased() }

    /// "TIFF 388×374, 8-bit gray, 500 dpi".
    var summary: String {
        "\(formatName) \(width)×\(height), \(bitDepth)-bit \(layout), \(Self.number(dpi.used)) dpi"
    }

    /// The report as aligned `name: value` lines.
    var lines: [String] {
        var rows: [(String, String)] = [
            ("file", path), ("format", formatName), ("size", "\(width) × \(height) pixels"),
            ("samples", "\(bitDepth)-bit \(layout)"), ("resolution", resolutionText),
        ]
        if let bytes { rows.insert(("bytes", String(bytes)), at: 1) }
        rows += fields.map { ($0.name, $0.value) }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 1) + $0.1 }
    }

    private var resolutionText: String {
        guard let stored = dpi.stored else { return "\(Self.number(dpi.used)) dpi (the file records none; assumed)" }
        if let vertical = dpi.vertical, let squareHeight = dpi.squareHeight {
            return "\(Self.number(stored)) dpi across, \(Self.number(vertical)) dpi down "
                + "(read as square pixels at \(Self.number(stored)) dpi, \(width) × \(squareHeight) pixels)"
        }
        return dpi.plausible
            ? "\(Self.number(stored)) dpi"
            : "\(Self.number(dpi.used)) dpi assumed (the file records an implausible \(Self.number(stored)) dpi)"
    }

    static func number(_ value: Double) -> String {
        abs(value - value.rounded()) < 0.05 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}
