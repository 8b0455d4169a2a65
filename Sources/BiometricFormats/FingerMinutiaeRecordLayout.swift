/// The parts ISO/IEC 19794-2:2005 and ANSI INCITS 378-2004 records share: identifier and
/// version, the header fields after the record length (and, for ANSI, the product identifier),
/// and the finger views.
///
/// Shared header fields, in order: capture equipment (2), image width (2), image height (2),
/// x resolution (2), y resolution (2) in pixels per cm, number of finger views (1), reserved (1).
struct FingerMinutiaeRecordLayout {
    let format: TemplateFormat
    let views: FingerViewCodec

    static let version: [UInt8] = [0x20, 0x32, 0x30, 0x00]
    /// Equipment through reserved byte.
    static let sharedHeaderSize = 12

    init(format: TemplateFormat, angles: MinutiaAngleScale) {
        self.format = format
        self.views = FingerViewCodec(format: format, angles: angles)
    }

    // MARK: Reading

    func readIdentifierAndVersion(_ reader: inout ByteReader) throws {
        let identifier = try reader.bytes(4, "format identifier")
        guard identifier == TemplateFormat.recordIdentifier else {
            throw TemplateError.wrongFormatIdentifier(format: format, found: identifier)
        }
        let version = try reader.bytes(4, "version")
        guard version == Self.version else {
            throw TemplateError.unsupportedVersion(format: format, found: version)
        }
    }

    /// Reads the shared header fields and the views; `productIdentifier` comes from the ANSI
    /// header, `declaredLength` from either.
    func readRecord(_ reader: inout ByteReader, declaredLength: Int,
                    productIdentifier: CBEFFProductIdentifier?) throws -> MinutiaeRecord {
        guard declaredLength == reader.bytes.count else {
            throw TemplateError.lengthMismatch(format: format, declared: declaredLength,
                                               actual: reader.bytes.count)
        }
        let equipment = CaptureEquipment(field: try reader.uint16("capture equipment"))
        let width = Int(try reader.uint16("image width"))
        let height = Int(try reader.uint16("image height"))
        let xResolution = Int(try reader.uint16("x resolution"))
        guard xResolution > 0 else {
            throw reader.invalid("x resolution", size: 2, value: 0, allowed: "1–65535 pixels per cm")
        }
        let yResolution = Int(try reader.uint16("y resolution"))
        guard yResolution > 0 else {
            throw reader.invalid("y resolution", size: 2, value: 0, allowed: "1–65535 pixels per cm")
        }
        let viewCount = Int(try reader.uint8("number of finger views"))
        guard viewCount > 0 else { throw TemplateError.noFingerViews(format: format) }
        _ = try reader.uint8("reserved byte")
        var records: [FingerView] = []
        for number in 1...viewCount {
            records.append(try views.decodeView(number: number, from: &reader))
        }
        guard reader.remaining == 0 else {
            throw TemplateError.lengthMismatch(format: format, declared: declaredLength,
                                               actual: reader.offset)
        }
        return MinutiaeRecord(
            imageWidth: width, imageHeight: height,
            resolution: ScanResolution(xPixelsPerCentimetre: xResolution,
                                       yPixelsPerCentimetre: yResolution),
            captureEquipment: equipment, productIdentifier: productIdentifier, views: records)
    }

    // MARK: Writing

    /// Checks what the shared header needs and returns the size of header tail plus views.
    func sizeOfSharedPart(_ record: MinutiaeRecord) throws -> Int {
        try views.check(record.views.count, in: 1...255, "number of finger views")
        try views.check(record.imageWidth, in: 0...65535, "image width")
        try views.check(record.imageHeight, in: 0...65535, "image height")
        try views.check(record.resolution.xPixelsPerCentimetre, in: 1...65535, "x resolution")
        try views.check(record.resolution.yPixelsPerCentimetre, in: 1...65535, "y resolution")
        return Self.sharedHeaderSize + record.views.reduce(0) {
            $0 + FingerViewCodec.encodedSize(of: $1)
        }
    }

    func writeIdentifierAndVersion(into writer: inout ByteWriter) {
        writer.append(contentsOf: TemplateFormat.recordIdentifier)
        writer.append(contentsOf: Self.version)
    }

    func writeSharedPart(_ record: MinutiaeRecord, into writer: inout ByteWriter) throws {
        writer.append(record.captureEquipment.field)
        writer.append(UInt16(record.imageWidth))
        writer.append(UInt16(record.imageHeight))
        writer.append(UInt16(record.resolution.xPixelsPerCentimetre))
        writer.append(UInt16(record.resolution.yPixelsPerCentimetre))
        writer.append(UInt8(record.views.count))
        writer.append(UInt8(0))
        for (index, view) in record.views.enumerated() {
            try views.encodeView(view, number: index + 1, into: &writer)
        }
    }
}
