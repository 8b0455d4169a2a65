/// The encoding of a stored template. The store keeps templates as opaque bytes and never
/// parses them; the tag says which decoder to hand them to.
public enum TemplateFormat: String, Sendable, CaseIterable, Hashable {
    /// ISO/IEC 19794-2 finger minutiae record.
    case iso
    /// ANSI INCITS 378 finger minutiae record.
    case ansi
    /// ISO/IEC 19794-2 compact card format.
    case compact
    /// pbtool's own host-matcher template.
    case host
}
