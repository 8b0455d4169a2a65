/// Reads and writes ISO/IEC 19794-2:2005 finger minutiae records (clause 7, record format).
///
/// Header, 24 bytes: `FMR\0`, version ` 20\0`, record length (4), capture equipment (2), image
/// width and height (2 each, pixels), x and y resolution (2 each, pixels per cm), number of
/// finger views (1), reserved (1); then the views (``FingerViewCodec``). Minutia angles are in
/// units of 360/256°. The ANSI-only product identifier of a ``MinutiaeRecord`` is not written.
public enum ISO19794Record {
    static let headerSize = 24
    private static let layout = FingerMinutiaeRecordLayout(format: .iso, angles: .isoRecord)

    /// Decodes a whole record; the bytes must be exactly one record.
    /// - Throws: ``TemplateError`` naming the field and offset of the first problem.
    public static func decode(_ bytes: some Collection<UInt8>) throws -> MinutiaeRecord {
        var reader = ByteReader(Array(bytes), format: .iso)
        try layout.readIdentifierAndVersion(&reader)
        let length = Int(try reader.uint32("record length"))
        return try layout.readRecord(&reader, declaredLength: length, productIdentifier: nil)
    }

    /// Encodes `record`, all its views included.
    /// - Throws: ``TemplateError/notRepresentable(format:field:value:allowed:)`` when a value
    ///   does not fit its field (coordinates 0–16383 px, qualities 0–100, ≤ 255 minutiae per
    ///   view, 1–255 views, finite directions).
    public static func encode(_ record: MinutiaeRecord) throws -> [UInt8] {
        let length = headerSize - FingerMinutiaeRecordLayout.sharedHeaderSize
            + (try layout.sizeOfSharedPart(record))
        guard length <= Int(UInt32.max) else {
            throw TemplateError.notRepresentable(format: .iso, field: "record length",
                                                 value: "\(length)", allowed: "up to 4 GiB")
        }
        var writer = ByteWriter(capacity: length)
        layout.writeIdentifierAndVersion(into: &writer)
        writer.append(UInt32(length))
        try layout.writeSharedPart(record, into: &writer)
        return writer.bytes
    }
}
