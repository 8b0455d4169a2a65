import Fingerprint
import TemplateStore

/// What the store holds must decode as the format it is tagged with: a row no decoder reads
/// would fail every later identification that meets it. `db add` refuses such bytes; `db check`
/// names such rows.
enum TemplateImportCheck {
    /// Decodes `bytes` as `format` with the engine's parsers; refuses them (exit 2) naming the
    /// file, the problem and the format they look like instead.
    static func validate(_ bytes: [UInt8], as format: TemplateFormat, file: String) throws {
        guard let problem = problem(format, bytes) else { return }
        throw CommandFailure(.usage, "template file \(file) \(problem)")
    }

    /// Why `bytes` are not a template of `format`, or nil when they decode.
    static func problem(_ format: TemplateFormat, _ bytes: [UInt8]) -> String? {
        do {
            switch format {
            case .host: _ = try HostTemplate(bytes: bytes)
            case .iso: _ = try ISO19794Record.decode(bytes)
            case .ansi: _ = try ANSI378Record.decode(bytes)
            case .compactCard: _ = try CompactCardTemplate(bytes: bytes)
            }
            return nil
        } catch {
            let seen = TemplateFormat.detect(bytes)
            let looks = seen.flatMap { $0 == format ? nil : " (it looks like a \($0.displayName); use --format \($0.rawValue))" } ?? ""
            return "is not a valid \(format.displayName)\(looks): \(error)"
        }
    }
}
