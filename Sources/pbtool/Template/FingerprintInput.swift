import Files
import Fingerprint
import Foundation
import ImageCodecs
import Imaging

/// A command-line input that is either a fingerprint image or a template file.
struct FingerprintInput {
    enum Source: String, Encodable {
        case image, host, iso, ansi, compact
    }

    let path: String
    let source: Source
    /// Set for images and host templates.
    let features: FingerprintFeatures?
    /// Set for ISO, ANSI and compact templates.
    var record: MinutiaeRecord? = nil
    /// Minutiae in pixels at `dpi` (for a compact template: on its 500 dpi grid).
    let minutiae: [Minutia]
    let dpi: Double
    let width: Int
    let height: Int
    /// Milliseconds spent extracting, for images.
    let extractionMilliseconds: Double?

    /// Reads `path`: an image (by its first bytes) is extracted with `extractor`; anything else
    /// must be a template in a known format.
    static func load(_ path: String, dpi: Double?, extractor: FeatureExtractor,
                     observer: (any ExtractionObserver)? = nil) throws -> FingerprintInput {
        // Images are read again by their codec; the limit is the codecs' own.
        let bytes = try InputFile.read(path, role: "fingerprint file", limit: 1 << 30)
        if ImageFormat(magic: bytes.prefix(16)) != nil {
            return try image(path, dpi: dpi, extractor: extractor, observer: observer)
        }
        return try template(path, bytes: bytes)
    }

    private static func image(_ path: String, dpi: Double?, extractor: FeatureExtractor,
                              observer: (any ExtractionObserver)?) throws -> FingerprintInput {
        let image = try ImageFile.read(path, dpi: SensorResolution.dpi(explicit: dpi, path: path))
        let start = ContinuousClock.now
        let features = extractor.extract(image, observer: observer)
        let elapsed = ContinuousClock.now - start
        return FingerprintInput(path: path, source: .image, features: features, minutiae: features.minutiae,
                                dpi: image.dpi, width: image.width, height: image.height,
                                extractionMilliseconds: elapsed / .milliseconds(1))
    }

    private static func template(_ path: String, bytes: [UInt8]) throws -> FingerprintInput {
        do {
            if TemplateFormat.detect(bytes) == .host {
                let features = try HostTemplate(bytes: bytes).features
                return FingerprintInput(path: path, source: .host, features: features, minutiae: features.minutiae,
                                        dpi: features.dpi, width: features.width, height: features.height,
                                        extractionMilliseconds: nil)
            }
            let format = TemplateFormat.detect(bytes)
            let record = try MinutiaeRecord(bytes: bytes)
            let source: Source = format == .ansi ? .ansi : format == .iso ? .iso : .compact
            return FingerprintInput(path: path, source: source, features: nil, record: record, minutiae: record.minutiae,
                                    dpi: record.resolution.xDPI, width: record.imageWidth, height: record.imageHeight,
                                    extractionMilliseconds: nil)
        } catch let error as HostTemplateError {
            throw CommandFailure(.usage, "\(path): \(error)")
        } catch let error as TemplateError {
            throw CommandFailure(.usage, "\(path): \(error)")
        }
    }

    /// Ready for the host matcher; a record's foreground is estimated from its minutiae, as
    /// evaluations do (``PreparedTemplate/init(record:parameters:)``).
    var prepared: PreparedTemplate {
        if let features { return PreparedTemplate(features) }
        guard let record else { return PreparedTemplate(minutiae: minutiae, dpi: dpi, foreground: nil) }
        return PreparedTemplate(record: record)
    }

    /// Who made it: pbtool for images and host templates, else what the record's header says.
    var origin: TemplateOrigin {
        record.map { TemplateOrigin($0) } ?? .pbtool
    }

    /// Why no decision may rest on this input, or nil: its minutiae are packed tighter than
    /// fingers allow at its stated resolution, a record's or an image's (docs/templates.md).
    var implausibility: String? {
        guard let density = record.map(MinutiaDensity.init) ?? features.map(MinutiaDensity.init),
              !density.isPlausible else { return nil }
        return String(
            format: "%@: %d minutiae at %.2f per mm² at the stated %.0f dpi, denser than fingers allow (at most %.2f): "
                + "the stated resolution is likely not the one the minutiae were found at",
            path, density.minutiae, density.perSquareMillimetre, dpi, MinutiaDensity.plausibleLimit)
    }

    /// Refuses an input with an ``implausibility``: no threshold holds for it.
    func checkPlausible() throws {
        if let implausibility { throw CommandFailure(.usage, implausibility + ", so it is not compared") }
    }

    /// The minutiae as the card would hold them (best 60), or nil when none fit.
    var compactCard: CompactCardTemplate? {
        let features = self.features ?? FingerprintFeatures(
            minutiae: minutiae, width: width, height: height, dpi: dpi,
            foreground: ForegroundMap(columns: 1, rows: 1, blockSize: 1, resolution: 500, flags: [true]), quality: 0)
        return features.compactCardTemplate(for: CardMatcher.evaluationRequirements).template
    }
}
