import Files
import Fingerprint
import Foundation
import SmartCard

/// Reads `--template FILE`: ISO/IEC 19794-2 compact-card minutiae, 3 bytes each, no header
/// (what `pbtool template extract --format compact` writes).
enum CardTemplateFile {
    /// The largest file read; a compact template of 255 minutiae is 765 bytes.
    static let maximumSize = 4096

    static func read(_ path: String) throws -> CompactCardTemplate {
        let bytes = try InputFile.read(path, role: "compact-card template", limit: maximumSize)
        // A record is never read as minutiae, even when its length happens to be a multiple of 3.
        if let format = TemplateFormat.detect(bytes), format != .compactCard {
            throw CommandFailure(.usage, "\(path) is an \(format.displayName), not a compact-card template "
                                 + "(3 bytes per minutia, no header, as `pbtool template extract --format compact` writes)")
        }
        let template: CompactCardTemplate
        do {
            template = try CompactCardTemplate(bytes: bytes)
        } catch {
            throw CommandFailure(.usage, "\(path) is not an ISO 19794-2 compact-card template (3 bytes per minutia): \(error)")
        }
        // Card units are millimetres, so a template made from an image at the wrong resolution
        // shows it: no card threshold holds for it (docs/templates.md).
        let density = MinutiaDensity(template)
        guard density.isPlausible else {
            throw CommandFailure(.usage, String(
                format: "%@: %d minutiae at %.2f per mm², denser than fingers allow (at most %.2f): it was made from an "
                    + "image at another resolution than its extractor was told, so it is not sent to the card",
                path, density.minutiae, density.perSquareMillimetre, MinutiaDensity.plausibleLimit))
        }
        return template
    }
}
