/// Reads and writes the finger view part shared by ISO/IEC 19794-2:2005 and ANSI INCITS
/// 378-2004 records: a 4-byte view header, 6 bytes per minutia, the extended data block.
///
/// Layout (both standards): finger position (1); view number (high 4 bits) + impression type
/// (low 4 bits); finger quality (1); minutiae count (1); per minutia type (2 bits) + x (14 bits),
/// reserved (2 bits) + y (14 bits), angle (1), quality (1); extended data block length (2) and
/// blocks of type (2), length including these 4 bytes (2), data. Only the angle unit differs.
struct FingerViewCodec {
    let format: TemplateFormat
    let angles: MinutiaAngleScale

    static let viewHeaderSize = 4
    static let minutiaSize = 6
    static let extendedDataLengthSize = 2
    static let maximumCoordinate = 0x3FFF
    static let maximumQuality = 100

    /// Bytes `view` takes in a record.
    static func encodedSize(of view: FingerView) -> Int {
        viewHeaderSize + minutiaSize * view.minutiae.count + extendedDataLengthSize
            + view.extendedData.reduce(0) { $0 + ExtendedDataBlock.headerSize + $1.data.count }
    }

    // MARK: Reading

    func decodeView(number: Int, from reader: inout ByteReader) throws -> FingerView {
        let name = "finger view \(number)"
        let position = try reader.uint8("\(name) finger position")
        let viewAndImpression = try reader.uint8("\(name) view number and impression type")
        let quality = Int(try reader.uint8("\(name) finger quality"))
        guard quality <= Self.maximumQuality else {
            throw reader.invalid("\(name) finger quality", size: 1, value: quality, allowed: "0–100")
        }
        let count = Int(try reader.uint8("\(name) minutiae count"))
        var minutiae: [Minutia] = []
        minutiae.reserveCapacity(count)
        for index in 0..<count {
            minutiae.append(try decodeMinutia("\(name) minutia \(index + 1)", from: &reader))
        }
        var view = FingerView(viewNumber: Int(viewAndImpression >> 4),
                              impression: ImpressionType(rawValue: viewAndImpression),
                              quality: quality, minutiae: minutiae,
                              extendedData: try decodeExtendedData(name, from: &reader))
        view.fingerPosition = position
        return view
    }

    private func decodeMinutia(_ name: @autoclosure () -> String,
                               from reader: inout ByteReader) throws -> Minutia {
        let typeAndX = try reader.uint16("\(name()) type and x")
        guard let kind = Minutia.Kind(rawValue: UInt8(typeAndX >> 14)) else {
            throw reader.invalid("\(name()) type", size: 2, value: Int(typeAndX >> 14),
                                 allowed: "0 other, 1 ridge ending, 2 bifurcation (3 is reserved)")
        }
        let y = try reader.uint16("\(name()) y") & 0x3FFF
        let angle = Int(try reader.uint8("\(name()) angle"))
        guard angle < angles.unitsPerCircle else {
            throw reader.invalid("\(name()) angle", size: 1, value: angle,
                                 allowed: "0–\(angles.unitsPerCircle - 1)")
        }
        let quality = Int(try reader.uint8("\(name()) quality"))
        guard quality <= Self.maximumQuality else {
            throw reader.invalid("\(name()) quality", size: 1, value: quality, allowed: "0–100")
        }
        return Minutia(x: Double(typeAndX & 0x3FFF), y: Double(y),
                       direction: angles.direction(code: angle), kind: kind,
                       quality: quality)
    }

    private func decodeExtendedData(_ name: String,
                                    from reader: inout ByteReader) throws -> [ExtendedDataBlock] {
        var remaining = Int(try reader.uint16("\(name) extended data block length"))
        var blocks: [ExtendedDataBlock] = []
        while remaining > 0 {
            let field = "\(name) extended data area \(blocks.count + 1)"
            let typeCode = try reader.uint16("\(field) type")
            let length = Int(try reader.uint16("\(field) length"))
            guard length >= ExtendedDataBlock.headerSize, length <= remaining else {
                throw reader.invalid("\(field) length", size: 2, value: length,
                                     allowed: "\(ExtendedDataBlock.headerSize)–\(remaining) "
                                         + "(its header up to the rest of the extended data block)")
            }
            let data = try reader.bytes(length - ExtendedDataBlock.headerSize, "\(field) data")
            blocks.append(ExtendedDataBlock(typeCode: typeCode, data: data))
            remaining -= length
        }
        return blocks
    }

    // MARK: Writing

    func encodeView(_ view: FingerView, number: Int, into writer: inout ByteWriter) throws {
        let name = "finger view \(number)"
        try check(view.viewNumber, in: 0...15, "\(name) view number")
        try check(view.quality, in: 0...Self.maximumQuality, "\(name) finger quality")
        try check(view.minutiae.count, in: 0...255, "\(name) minutiae count")
        writer.append(view.fingerPosition)
        writer.append(UInt8(view.viewNumber) << 4 | view.impression.rawValue)
        writer.append(UInt8(view.quality))
        writer.append(UInt8(view.minutiae.count))
        for (index, minutia) in view.minutiae.enumerated() {
            try encodeMinutia(minutia, "\(name) minutia \(index + 1)", into: &writer)
        }
        try encodeExtendedData(view.extendedData, name, into: &writer)
    }

    private func encodeMinutia(_ minutia: Minutia, _ name: @autoclosure () -> String,
                               into writer: inout ByteWriter) throws {
        let x = try pixel(minutia.x, "\(name()) x")
        let y = try pixel(minutia.y, "\(name()) y")
        guard let angle = angles.code(direction: minutia.direction) else {
            throw notRepresentable("\(name()) direction", "\(minutia.direction)", "a finite angle")
        }
        try check(minutia.quality, in: 0...Self.maximumQuality, "\(name()) quality")
        writer.append(UInt16(minutia.kind.rawValue) << 14 | UInt16(x))
        writer.append(UInt16(y))
        writer.append(UInt8(angle))
        writer.append(UInt8(minutia.quality))
    }

    private func encodeExtendedData(_ blocks: [ExtendedDataBlock], _ name: String,
                                    into writer: inout ByteWriter) throws {
        let total = blocks.reduce(0) { $0 + ExtendedDataBlock.headerSize + $1.data.count }
        try check(total, in: 0...Int(UInt16.max), "\(name) extended data block length")
        writer.append(UInt16(total))
        for block in blocks {
            writer.append(block.typeCode)
            writer.append(UInt16(ExtendedDataBlock.headerSize + block.data.count))
            writer.append(contentsOf: block.data)
        }
    }

    private func pixel(_ value: Double, _ field: @autoclosure () -> String) throws -> Int {
        let rounded = value.rounded()
        guard rounded.isFinite, rounded >= 0, rounded <= Double(Self.maximumCoordinate) else {
            throw notRepresentable(field(), "\(value)", "0–\(Self.maximumCoordinate) pixels")
        }
        return Int(rounded)
    }

    func check(_ value: Int, in range: ClosedRange<Int>, _ field: @autoclosure () -> String) throws {
        guard range.contains(value) else {
            throw notRepresentable(field(), "\(value)", "\(range.lowerBound)–\(range.upperBound)")
        }
    }

    func notRepresentable(_ field: String, _ value: String, _ allowed: String) -> TemplateError {
        .notRepresentable(format: format, field: field, value: value, allowed: allowed)
    }
}
