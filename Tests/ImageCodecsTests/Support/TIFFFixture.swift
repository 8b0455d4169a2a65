/// Builds little-endian classic TIFF files by hand: one IFD, the pixel data in strips or tiles,
/// with any tag overridable so tests can lie about sizes, offsets and layouts.
struct TIFFFixture {
    var width: UInt32 = 8
    var height: UInt32 = 6
    var bitsPerSample: UInt16 = 8
    var samplesPerPixel: UInt16 = 1
    var photometric: UInt16 = 1
    var compression: UInt16 = 1
    var rowsPerStrip: UInt32 = 2
    /// Tile size; when set, the data is laid out in tiles instead of strips.
    var tile: (width: UInt32, height: UInt32)?
    var colourMap: [UInt16]?
    /// Replaces the computed strip (or tile) byte counts / offsets when set.
    var byteCountsOverride: [UInt32]?
    var offsetsOverride: [UInt32]?
    var resolution: (value: UInt32, unit: UInt16)?
    /// One sample value per pixel and sample, row-major.
    var samples: [UInt8] = []

    /// (tag, type, values) where type 3 = SHORT, 4 = LONG, 5 = RATIONAL (value pairs).
    private typealias Entry = (tag: UInt16, type: UInt16, values: [UInt32])

    func bytes() -> [UInt8] {
        let chunks = pixelChunks()
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0]
        var offsets = [UInt32]()
        for chunk in chunks {
            offsets.append(UInt32(out.count))
            out += chunk
        }
        let counts = byteCountsOverride ?? chunks.map { UInt32($0.count) }
        let finalOffsets = offsetsOverride ?? offsets
        var entries: [Entry] = [
            (256, 4, [width]), (257, 4, [height]),
            (258, 3, Array(repeating: UInt32(bitsPerSample), count: Int(samplesPerPixel))),
            (259, 3, [UInt32(compression)]), (262, 3, [UInt32(photometric)]), (277, 3, [UInt32(samplesPerPixel)]),
        ]
        if let tile {
            entries += [(322, 4, [tile.width]), (323, 4, [tile.height]), (324, 4, finalOffsets), (325, 4, counts)]
        } else {
            entries += [(273, 4, finalOffsets), (278, 4, [rowsPerStrip]), (279, 4, counts)]
        }
        if let resolution {
            entries += [(282, 5, [resolution.value, 1]), (283, 5, [resolution.value, 1]), (296, 3, [UInt32(resolution.unit)])]
        }
        if let colourMap { entries.append((320, 3, colourMap.map(UInt32.init))) }
        if out.count % 2 == 1 { out.append(0) }
        return Self.pointingAtDirectory(out + directory(entries.sorted { $0.tag < $1.tag }, at: out.count),
                                        directoryOffset: out.count)
    }

    private func pixelChunks() -> [[UInt8]] {
        let bytesPerRow = (Int(width) * Int(samplesPerPixel) * Int(bitsPerSample) + 7) / 8
        let padded = samples + [UInt8](repeating: 0, count: max(0, bytesPerRow * Int(height) - samples.count))
        if let tile {
            let rowBytes = Int(tile.width) * Int(samplesPerPixel) * Int(bitsPerSample) / 8
            var chunks = [[UInt8]]()
            for y in stride(from: 0, to: Int(height), by: Int(tile.height)) {
                for x in stride(from: 0, to: Int(width), by: Int(tile.width)) {
                    var chunk = [UInt8]()
                    for row in 0..<Int(tile.height) {
                        for column in 0..<rowBytes {
                            let sx = x + column, sy = y + row
                            chunk.append(sx < Int(width) && sy < Int(height) ? padded[sy * bytesPerRow + sx] : 0)
                        }
                    }
                    chunks.append(chunk)
                }
            }
            return chunks
        }
        return stride(from: 0, to: Int(height), by: Int(rowsPerStrip)).map { row in
            let end = min(Int(height), row + Int(rowsPerStrip))
            return Array(padded[(row * bytesPerRow)..<(end * bytesPerRow)])
        }
    }

    private func directory(_ entries: [Entry], at start: Int) -> [UInt8] {
        var ifd = [UInt8]()
        var overflow = [UInt8]()
        let overflowStart = start + 2 + entries.count * 12 + 4
        ifd.appendLE16(UInt16(entries.count))
        for entry in entries {
            ifd.appendLE16(entry.tag)
            ifd.appendLE16(entry.type)
            let count = entry.type == 5 ? entry.values.count / 2 : entry.values.count
            ifd.appendLE32(UInt32(count))
            var payload = [UInt8]()
            for value in entry.values {
                if entry.type == 3 { payload.appendLE16(UInt16(value)) } else { payload.appendLE32(value) }
            }
            if payload.count <= 4 {
                ifd += payload + [UInt8](repeating: 0, count: 4 - payload.count)
            } else {
                ifd.appendLE32(UInt32(overflowStart + overflow.count))
                overflow += payload
            }
        }
        ifd.appendLE32(0)
        return ifd + overflow
    }

    /// Patches the first-IFD offset (bytes 4–7) of a file built by `bytes()`.
    static func pointingAtDirectory(_ file: [UInt8], directoryOffset: Int) -> [UInt8] {
        var out = file
        out.replaceSubrange(4..<8, with: [UInt8(directoryOffset & 0xFF), UInt8((directoryOffset >> 8) & 0xFF),
                                          UInt8((directoryOffset >> 16) & 0xFF), UInt8(directoryOffset >> 24)])
        return out
    }
}
