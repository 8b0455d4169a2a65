import ArgumentParser
import Files
import Fingerprint
import Foundation

/// `pbtool template info FILE`.
struct TemplateInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a template's format, header, quality and minutiae.",
        discussion: """
            The format is recognised from the bytes: host (starts with PBHT), ISO/IEC 19794-2 or ANSI \
            INCITS 378 record (FMR\\0, told apart by the length field), else compact card data. \
            Malformed templates are reported with the field and byte offset at fault (exit 2). A \
            record (ISO, ANSI, compact) also shows its maker; every template, its minutiae per mm² \
            inside their hull at the stated resolution: above 0.65, denser than fingers allow, \
            template match refuses it.

            Examples:
              pbtool template info finger.iso
              pbtool template info card.bin --json
            """
    )

    @Argument(help: "The template file.")
    var file: String

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let bytes = try InputFile.read(file, role: "template file", limit: TemplateFileIO.limit)
        let report = try TemplateReport(file: file, bytes: bytes)
        if json { try JSONOutput.print(report) } else { report.lines.forEach { print($0) } }
    }
}

/// One template file as `template info` shows it.
struct TemplateReport: Encodable {
    struct Point: Encodable {
        let x: Double
        let y: Double
        /// Degrees, counter-clockwise (ISO/IEC 19794-2).
        let direction: Double
        let kind: String
        let quality: Int
    }

    struct Foreground: Encodable {
        let columns: Int
        let rows: Int
        let blockSize: Int
        let share: Double
    }

    let file: String
    let format: String
    let bytes: Int
    let width: Int
    let height: Int
    let dpi: Double
    let views: Int
    let quality: Int
    let minutiae: [Point]
    let foreground: Foreground?
    /// Records only: who made it (docs/templates.md).
    let origin: String?
    /// How tightly its minutiae lie at the stated resolution (docs/templates.md).
    let density: Density?

    struct Density: Encodable {
        let perSquareMillimetre: Double
        let plausible: Bool

        init(_ measured: MinutiaDensity) {
            perSquareMillimetre = (measured.perSquareMillimetre * 1000).rounded() / 1000
            plausible = measured.isPlausible
        }
    }

    init(file: String, bytes: [UInt8]) throws {
        self.file = file
        self.bytes = bytes.count
        do {
            guard let format = TemplateFormat.detect(bytes) else {
                throw TemplateError.unrecognizedFormat(prefix: Array(bytes.prefix(8)))
            }
            self.format = format.rawValue
            if format == .host {
                let features = try HostTemplate(bytes: bytes).features
                (width, height, dpi, views, quality) = (features.width, features.height, features.dpi, 1, features.quality)
                minutiae = features.minutiae.map(Self.point)
                let map = features.foreground
                foreground = Foreground(columns: map.columns, rows: map.rows, blockSize: map.blockSize,
                                        share: Double(map.flags.filter { $0 }.count) / Double(max(map.flags.count, 1)))
                (origin, density) = (nil, Density(MinutiaDensity(features)))
            } else {
                let record = try MinutiaeRecord(bytes: bytes, format: format)
                (width, height, dpi) = (record.imageWidth, record.imageHeight, record.resolution.xDPI)
                views = record.views.count
                quality = record.views.first?.quality ?? 0
                minutiae = record.minutiae.map(Self.point)
                foreground = nil
                origin = TemplateOrigin(record).label
                density = Density(MinutiaDensity(record))
            }
        } catch let error as TemplateError {
            throw CommandFailure(.usage, "\(file): \(error)")
        } catch let error as HostTemplateError {
            throw CommandFailure(.usage, "\(file): \(error)")
        }
    }

    private static func point(_ minutia: Minutia) -> Point {
        Point(x: (minutia.x * 100).rounded() / 100, y: (minutia.y * 100).rounded() / 100,
              direction: (minutia.direction * 180 / .pi * 100).rounded() / 100,
              kind: minutia.kind == .ending ? "ending" : minutia.kind == .bifurcation ? "bifurcation" : "other",
              quality: minutia.quality)
    }

    var lines: [String] {
        let endings = minutiae.filter { $0.kind == "ending" }.count
        let bifurcations = minutiae.filter { $0.kind == "bifurcation" }.count
        var lines = ["\(file): \(format) template, \(bytes) bytes",
                     "image \(width)×\(height) px at \(Int(dpi.rounded())) dpi, \(views) view(s), quality \(quality)"]
        if let foreground {
            lines.append("foreground \(foreground.columns)×\(foreground.rows) blocks of \(foreground.blockSize) px, "
                         + "\(Int((foreground.share * 100).rounded())) % of the image")
        }
        if let origin { lines.append("maker: \(origin)") }
        if let density {
            lines.append(String(format: "minutia density %.2f per mm² inside their hull at the stated resolution: ", density.perSquareMillimetre)
                         + (density.plausible ? "as fingers have"
                            : String(format: "denser than fingers allow (at most %.2f), so pbtool will not compare it",
                                     MinutiaDensity.plausibleLimit)))
        }
        lines.append("\(minutiae.count) minutiae (\(endings) endings, \(bifurcations) bifurcations):")
        lines.append("     #        x        y   angle°  type         quality")
        for (index, point) in minutiae.enumerated() {
            lines.append(String(format: "  %4d  %7.2f  %7.2f  %7.2f  %@ %3d", index + 1, point.x, point.y, point.direction,
                                point.kind.padding(toLength: 12, withPad: " ", startingAt: 0), point.quality))
        }
        return lines
    }
}
