/// Reads and writes ANSI INCITS 378-2004 finger minutiae records.
///
/// Header, 26 bytes: `FMR\0`, version ` 20\0`, record length (2), CBEFF product identifier
/// (owner 2, type 2), capture equipment (compliance 4 bits + scanner ID 12 bits), image width
/// and height, x and y resolution (pixels per cm), number of views, reserved. A record longer
/// than 65,535 bytes writes `0000` and a 4-byte length instead (30-byte header). Views are laid
/// out as in ISO/IEC 19794-2:2005 except that minutia angles are in 2° units (0–179).
public enum ANSI378Record {
    static let shortHeaderSize = 26
    static let longHeaderSize = 30
    private static let layout = FingerMinutiaeRecordLayout(format: .ansi, angles: .ansiRecord)

    /// Decodes a whole record; the bytes must be exactly one record. A product identifier of
    /// all zeros reads as `nil`.
    /// - Throws: ``TemplateError`` naming the field and offset of the first problem.
    public static func decode(_ bytes: some Collection<UInt8>) throws -> MinutiaeRecord {
        var reader = ByteReader(Array(bytes), format: .ansi)
        try layout.readIdentifierAndVersion(&reader)
        var length = Int(try reader.uint16("record length"))
        if length == 0 {
            length = Int(try reader.uint32("4-byte record length"))
        }
        let owner = try reader.uint16("CBEFF product identifier owner")
        let type = try reader.uint16("CBEFF product identifier type")
        let product = owner == 0 && type == 0 ? nil : CBEFFProductIdentifier(owner: owner, type: type)
        return try layout.readRecord(&reader, declaredLength: length, productIdentifier: product)
    }

    /// Encodes `record`, all its views included; a `nil` product identifier is written as zeros.
    /// - Throws: ``TemplateError/notRepresentable(format:field:value:allowed:)`` when a value
    ///   does not fit its field (as for ``ISO19794Record/encode(_:)``).
    public static func encode(_ record: MinutiaeRecord) throws -> [UInt8] {
        let body = try layout.sizeOfSharedPart(record) - FingerMinutiaeRecordLayout.sharedHeaderSize
        let shortLength = shortHeaderSize + body
        let isShort = shortLength <= Int(UInt16.max)
        let length = isShort ? shortLength : longHeaderSize + body
        guard length <= Int(UInt32.max) else {
            throw TemplateError.notRepresentable(format: .ansi, field: "record length",
                                                 value: "\(length)", allowed: "up to 4 GiB")
        }
        var writer = ByteWriter(capacity: length)
        layout.writeIdentifierAndVersion(into: &writer)
        if isShort {
            writer.append(UInt16(length))
        } else {
            writer.append(UInt16(0))
            writer.append(UInt32(length))
        }
        writer.append(record.productIdentifier?.owner ?? 0)
        writer.append(record.productIdentifier?.type ?? 0)
        try layout.writeSharedPart(record, into: &writer)
        return writer.bytes
    }
}
