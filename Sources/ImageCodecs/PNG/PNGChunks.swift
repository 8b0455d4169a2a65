/// The PNG chunks pbtool reads itself (ISO/IEC 15948:2004 §11): IHDR for `image info`, PLTE to tell a
/// gray palette from a colour one, pHYs for the resolution. libpng's simplified API exposes none of
/// them. Scanning is best effort and never throws: libpng reports structural damage.
struct PNGChunks {
    /// IHDR colour types (§11.2.2).
    enum ColourType: UInt8 {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var bitDepth: Int?
    var colourType: ColourType?
    var isInterlaced = false
    /// PLTE entries as (red, green, blue).
    var palette: [(UInt8, UInt8, UInt8)] = []
    /// Pixels per inch from pHYs when its unit is the metre: x, then y.
    var dpi: Double?
    var verticalDPI: Double?
    var chunkNames: [String] = []
    /// Whether the scan reached a complete IEND chunk (§11.2.5: every PNG ends with one).
    var hasEnd: Bool { chunkNames.last == "IEND" }

    init(scanning bytes: [UInt8]) {
        guard bytes.starts(with: Self.signature) else { return }
        var cursor = ByteCursor(bytes, format: .png, offset: Self.signature.count)
        while let length = try? Int(cursor.uint32BE("chunk length")),
              let type = try? cursor.bytes(4, for: "chunk type"),
              let data = try? cursor.bytes(length, for: "chunk data"),
              (try? cursor.skip(4, for: "chunk CRC")) != nil {
            let name = String(decoding: type, as: UTF8.self)
            chunkNames.append(name)
            read(chunk: name, data: Array(data))
            if name == "IEND" { break }
        }
    }

    private mutating func read(chunk name: String, data: [UInt8]) {
        var cursor = ByteCursor(data, format: .png)
        switch name {
        case "IHDR" where data.count == 13:
            bitDepth = Int(data[8])
            colourType = ColourType(rawValue: data[9])
            isInterlaced = data[12] == 1
        case "PLTE":
            palette = stride(from: 0, to: data.count - 2, by: 3).map { (data[$0], data[$0 + 1], data[$0 + 2]) }
        case "pHYs" where data.count == 9 && data[8] == 1:
            if let perMetre = try? cursor.uint32BE("pixels per metre") {
                dpi = Double(perMetre).dotsPerInchFromPerMetre
            }
            if let perMetre = try? cursor.uint32BE("vertical pixels per metre") {
                verticalDPI = Double(perMetre).dotsPerInchFromPerMetre
            }
        default:
            break
        }
    }

    /// The index of the first palette entry that is not a gray, if any.
    var firstColourEntry: Int? {
        palette.firstIndex { $0.0 != $0.1 || $0.1 != $0.2 }
    }

    /// A pHYs chunk (unit: metre) for `dpi`, CRC included.
    static func physicalDimensions(dpi: Double) -> [UInt8] {
        let perMetre = UInt32(clamping: Int(dpi.clampedForHeader / 0.0254))
        var body = Array("pHYs".utf8)
        body.appendBE(perMetre)
        body.appendBE(perMetre)
        body.append(1)
        var chunk = [UInt8]()
        chunk.appendBE(UInt32(body.count - 4))
        chunk += body
        chunk.appendBE(CRC32.checksum(body))
        return chunk
    }
}

/// The CRC-32 of ISO 3309 that PNG chunks carry (ISO/IEC 15948 §5.5, Annex D).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
