#if canImport(Glibc)
import Glibc
#endif

/// The JP2 box structure (T.800 Annex I.4) where OpenJPEG leaves it alone: the resolution
/// superbox `res ` in the JP2 header box, with its capture (`resc`) and default display (`resd`)
/// resolutions (I.5.3.7), in grid points per metre as a fraction times a power of ten.
enum JP2Boxes {
    /// The JP2 signature box (I.5.1): length 12, type `jP  `, contents `0D 0A 87 0A`.
    static let signature: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// One box's place in the file.
    struct Box {
        let type: String
        /// Where the box starts (its length field) and where its contents start and end.
        let start: Int
        let contents: Range<Int>
        /// Bytes of the length fields: 8, or 16 with an extended length.
        var headerLength: Int { contents.lowerBound - start }
    }

    /// The boxes laid end to end in `range`; stops at the first box that does not fit.
    static func boxes(in bytes: [UInt8], range: Range<Int>) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        while range.upperBound - offset >= 8 {
            let declared = number(bytes, at: offset, count: 4)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var headerLength = 8, length = declared
            if declared == 1 {
                guard range.upperBound - offset >= 16 else { break }
                headerLength = 16
                length = number(bytes, at: offset + 8, count: 8)
            } else if declared == 0 {
                length = range.upperBound - offset
            }
            guard length >= headerLength, length <= range.upperBound - offset else { break }
            found.append(Box(type: type, start: offset, contents: (offset + headerLength)..<(offset + length)))
            offset += length
        }
        return found
    }

    /// Whether the file ends before its codestream does: a box runs past the end, the JP2 file has
    /// no codestream box, or the codestream lacks its closing EOC marker `FF D9` (T.800 A.4.4).
    static func endsEarly(_ bytes: [UInt8]) -> Bool {
        var codestream = 0..<bytes.count
        if bytes.starts(with: signature) {
            let top = boxes(in: bytes, range: 0..<bytes.count)
            let covered = top.last?.contents.upperBound ?? 0
            guard covered == bytes.count, let box = top.first(where: { $0.type == "jp2c" }) else { return true }
            codestream = box.contents
        }
        return codestream.count < 2 || bytes[codestream.upperBound - 2] != 0xFF || bytes[codestream.upperBound - 1] != 0xD9
    }

    /// The capture resolution in dots per inch on each axis, else the default display one; nil
    /// where the file has neither.
    static func resolution(in bytes: [UInt8]) -> (horizontal: Double?, vertical: Double?) {
        guard let header = boxes(in: bytes, range: 0..<bytes.count).first(where: { $0.type == "jp2h" }),
              let superbox = boxes(in: bytes, range: header.contents).first(where: { $0.type == "res " }) else {
            return (nil, nil)
        }
        let inner = boxes(in: bytes, range: superbox.contents)
        guard let box = inner.first(where: { $0.type == "resc" }) ?? inner.first(where: { $0.type == "resd" }),
              box.contents.count >= 10 else { return (nil, nil) }
        // ISO/IEC 15444-1 I.5.3.7: VR_N, VR_D, HR_N, HR_D (2 bytes each), then VR_E, HR_E.
        let base = box.contents.lowerBound
        return (dpi(bytes, numerator: base + 4, denominator: base + 6, exponent: base + 9),
                dpi(bytes, numerator: base, denominator: base + 2, exponent: base + 8))
    }

    private static func dpi(_ bytes: [UInt8], numerator: Int, denominator: Int, exponent: Int) -> Double? {
        let n = Double(number(bytes, at: numerator, count: 2)), d = Double(number(bytes, at: denominator, count: 2))
        guard d > 0, n > 0 else { return nil }
        let perMetre = n / d * pow(10, Double(Int8(bitPattern: bytes[exponent])))
        return perMetre.isFinite ? perMetre.dotsPerInchFromPerMetre : nil
    }

    /// `file` with a resolution superbox (capture and default display, both `dpi`) appended to its
    /// JP2 header box.
    static func insertingResolution(_ dpi: Double, into file: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        guard let header = boxes(in: file, range: 0..<file.count).first(where: { $0.type == "jp2h" }) else {
            throw .cannotEncode(.jpeg2000, "OpenJPEG wrote no JP2 header box")
        }
        guard let fields = resolutionFields(dpi: dpi) else { return file }
        let resolution = box("res ", box("resc", fields) + box("resd", fields))
        guard header.headerLength == 8 else {
            throw .cannotEncode(.jpeg2000, "OpenJPEG wrote a JP2 header box with an extended length")
        }
        var out = file
        out.insert(contentsOf: resolution, at: header.contents.upperBound)
        var length: [UInt8] = []
        length.appendBE(UInt32(header.contents.upperBound - header.start + resolution.count))
        out.replaceSubrange(header.start..<(header.start + 4), with: length)
        return out
    }

    /// Both resolutions' ten bytes: numerator over 127 times a power of ten, so that whole dpi
    /// values are exact (1 inch = 0.0254 m, so dpi × 5000 / 127 grid points per metre).
    private static func resolutionFields(dpi: Double) -> [UInt8]? {
        guard dpi.isFinite, dpi > 0 else { return nil }
        for exponent in -4...12 {
            let numerator = (dpi * 5_000 / pow(10, Double(exponent))).rounded()
            guard numerator <= 65_535 else { continue }
            guard numerator >= 1 else { return nil }
            var fields: [UInt8] = []
            for _ in 0..<2 {
                fields.appendBE(UInt16(numerator))
                fields.appendBE(UInt16(127))
            }
            let power = UInt8(bitPattern: Int8(exponent))
            return fields + [power, power]
        }
        return nil
    }

    private static func box(_ type: String, _ contents: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBE(UInt32(8 + contents.count))
        return out + Array(type.utf8) + contents
    }

    /// The big-endian unsigned value of `count` bytes at `offset` (the caller checked they exist).
    private static func number(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
