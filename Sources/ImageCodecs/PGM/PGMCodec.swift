import Imaging

/// Netpbm graymap files: binary `P5` and plain `P2` (netpbm.sourceforge.net/doc/pgm.html).
///
/// Reads maxval 1–255 (scaled to 0–255); maxval above 255 means 16-bit samples and is rejected.
/// Writes `P5` with maxval 255. PGM records no resolution.
enum PGMCodec {
    static func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> DecodedImage {
        var scanner = PGMHeaderScanner(bytes: bytes)
        let header = try scanner.header()
        let levels: [UInt8]
        if header.isPlain {
            levels = try scanner.plainSamples(count: header.width * header.height, maxval: header.maxval)
        } else {
            levels = try scanner.binarySamples(count: header.width * header.height, maxval: header.maxval)
        }
        let image = GrayImage(width: header.width, height: header.height, pixels: levels)
        let info = ImageInfo(format: .pgm, width: header.width, height: header.height,
                             bitDepth: bitDepth(forMaxval: header.maxval), layout: .gray,
                             fields: [ImageInfo.Field("encoding", header.isPlain ? "P2 (plain)" : "P5 (binary)"),
                                      ImageInfo.Field("maxval", String(header.maxval))])
        return DecodedImage(image: image, info: info)
    }

    static func encode(_ image: GrayImage) throws(ImageCodecError) -> [UInt8] {
        guard !image.isEmpty else { throw .cannotEncode(.pgm, "the image has no pixels") }
        var out = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
        out.append(contentsOf: image.pixels)
        return out
    }

    /// Netpbm white space: blank, tab, CR, LF, vertical tab, form feed.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func bitDepth(forMaxval maxval: Int) -> Int {
        var bits = 1
        while (1 << bits) - 1 < maxval { bits += 1 }
        return bits
    }
}

/// The parsed `P5`/`P2` header.
struct PGMHeader {
    var isPlain: Bool
    var width: Int
    var height: Int
    var maxval: Int
}

/// Reads the header tokens (skipping `#` comments) and then the samples.
struct PGMHeaderScanner {
    let bytes: [UInt8]
    var offset = 0

    mutating func header() throws(ImageCodecError) -> PGMHeader {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
              bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "2") else {
            throw .malformed(.pgm, "missing the P5 or P2 signature")
        }
        offset = 2
        let width = try number("width")
        let height = try number("height")
        let maxval = try number("maxval")
        try ImageLimits.check(width: width, height: height, format: .pgm)
        guard (1...65_535).contains(maxval) else {
            throw .malformed(.pgm, "bad maxval \(maxval) (must be 1–65535)")
        }
        guard maxval <= 255 else {
            throw .unsupportedVariant(.pgm, "16-bit samples (maxval \(maxval)); pbtool reads 8-bit graymaps")
        }
        return PGMHeader(isPlain: bytes[1] == UInt8(ascii: "2"), width: width, height: height, maxval: maxval)
    }

    mutating func binarySamples(count: Int, maxval: Int) throws(ImageCodecError) -> [UInt8] {
        // Exactly one white-space byte separates maxval from the raster (pgm(5)).
        guard offset < bytes.count, PGMCodec.isWhitespace(bytes[offset]) else {
            throw .truncated(.pgm, "file ends before the pixel data")
        }
        offset += 1
        guard bytes.count - offset >= count else {
            throw .truncated(.pgm, "pixel data has \(bytes.count - offset) of \(count) bytes")
        }
        let raw = Array(bytes[offset..<(offset + count)])
        return try Self.scaled(raw, maxval: maxval)
    }

    mutating func plainSamples(count: Int, maxval: Int) throws(ImageCodecError) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(count)
        for index in 0..<count {
            guard let value = try optionalNumber("sample \(index + 1)") else {
                throw .truncated(.pgm, "plain pixel data has \(index) of \(count) samples")
            }
            guard value <= maxval else {
                throw .malformed(.pgm, "sample \(index + 1) is \(value), above maxval \(maxval)")
            }
            out.append(UInt8(value))
        }
        return try Self.scaled(out, maxval: maxval)
    }

    private static func scaled(_ raw: [UInt8], maxval: Int) throws(ImageCodecError) -> [UInt8] {
        if maxval == 255 { return raw }
        var out = raw
        for index in out.indices {
            let value = Int(out[index])
            guard value <= maxval else {
                throw .malformed(.pgm, "pixel \(index) is \(value), above maxval \(maxval)")
            }
            out[index] = UInt8((value * 255 + maxval / 2) / maxval)
        }
        return out
    }

    private mutating func number(_ what: String) throws(ImageCodecError) -> Int {
        guard let value = try optionalNumber(what) else {
            throw .truncated(.pgm, "header ends before the \(what)")
        }
        return value
    }

    /// The next decimal token, or nil at the end of the file.
    private mutating func optionalNumber(_ what: String) throws(ImageCodecError) -> Int? {
        skipWhitespaceAndComments()
        guard offset < bytes.count else { return nil }
        var value = 0
        var digits = 0
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
            digits += 1
            offset += 1
            guard value <= 1 << 30 else { throw .malformed(.pgm, "\(what) is too large") }
        }
        guard digits > 0 else {
            throw .malformed(.pgm, "\(what) is not a number (byte 0x\(String(bytes[offset], radix: 16)) "
                             + "at offset \(offset))")
        }
        return value
    }

    private mutating func skipWhitespaceAndComments() {
        while offset < bytes.count {
            if PGMCodec.isWhitespace(bytes[offset]) {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else {
                return
            }
        }
    }
}
