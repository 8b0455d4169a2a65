import Fingerprint
import Foundation
import SmartCard

/// Reads `--template FILE`: ISO/IEC 19794-2 compact-card minutiae, 3 bytes each, no header
/// (what `pbtool template extract --format compact` writes).
enum CardTemplateFile {
    /// The largest file read; a compact template of 255 minutiae is 765 bytes.
    static let maximumSize = 4096

    static func read(_ path: String) throws -> CompactCardTemplate {
        let bytes: [UInt8]
        do {
            let url = URL(fileURLWithPath: path)
            let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
            guard size <= maximumSize else {
                throw CommandFailure(.usage, "\(path): \(size) bytes is too large for a compact-card template "
                                     + "(at most \(CompactCardTemplate.maximumMinutiae) minutiae of 3 bytes)")
            }
            bytes = Array(try Data(contentsOf: url))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.usage, "\(path): cannot read the template: \(error.localizedDescription)")
        }
        guard !bytes.isEmpty else { throw CommandFailure(.usage, "\(path) is empty: no minutiae to send") }
        // A record is never read as minutiae, even when its length happens to be a multiple of 3.
        if let format = TemplateFormat.detect(bytes), format != .compactCard {
            throw CommandFailure(.usage, "\(path) is an \(format.displayName), not a compact-card template "
                                 + "(3 bytes per minutia, no header, as `pbtool template extract --format compact` writes)")
        }
        do {
            return try CompactCardTemplate(bytes: bytes)
        } catch {
            throw CommandFailure(.usage, "\(path) is not an ISO 19794-2 compact-card template (3 bytes per minutia): \(error)")
        }
    }
}
