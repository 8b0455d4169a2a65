/// Builds PNG files byte by byte (stored, uncompressed deflate blocks) so tests can make variants
/// and damage that no encoder would produce.
enum PNGFixture {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// A PNG of `rows` (already packed per the bit depth, without filter bytes).
    static func file(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]],
                     palette: [(UInt8, UInt8, UInt8)] = [], extra: [Chunk] = []) -> [UInt8] {
        var ihdr = [UInt8]()
        ihdr.appendBE32(UInt32(width))
        ihdr.appendBE32(UInt32(height))
        ihdr += [bitDepth, colourType, 0, 0, 0]
        var chunks = [Chunk(type: "IHDR", data: ihdr)] + extra
        if !palette.isEmpty { chunks.append(Chunk(type: "PLTE", data: palette.flatMap { entry -> [UInt8] in [entry.0, entry.1, entry.2] })) }
        let raw = rows.flatMap { row -> [UInt8] in [0] + row }
        chunks.append(Chunk(type: "IDAT", data: zlibStored(raw)))
        chunks.append(Chunk(type: "IEND", data: []))
        return assemble(chunks)
    }

    static func assemble(_ chunks: [Chunk]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for chunk in chunks {
            out.appendBE32(UInt32(chunk.data.count))
            let body = Array(chunk.type.utf8) + chunk.data
            out += body
            out.appendBE32(crc32(body))
        }
        return out
    }

    /// A zlib stream of stored blocks (RFC 1950/1951 §3.2.4).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isLast: UInt8 = offset + count == data.count ? 1 : 0
            out.append(isLast)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        out.appendBE32(b << 16 | a)
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

extension Array where Element == UInt8 {
    mutating func appendBE32(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendLE16(_ value: UInt16) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }

    mutating func appendLE32(_ value: UInt32) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }
}
