internal import CTIFF
import Imaging

/// TIFF through libtiff, from and to memory.
///
/// Reads the first image of the file: 8-bit gray strips and tiles directly (min-is-white inverted),
/// and every other layout libtiff's RGBA interface understands (1–4-bit gray, RGB, gray palettes,
/// YCbCr, other orientations) converted to gray. Rejects 16-bit samples, colour palettes and
/// compression schemes this libtiff lacks. Writes uncompressed 8-bit gray or RGB in strips.
enum TIFFCodec {
    static func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> DecodedImage {
        let stream = try TIFFStream(reading: bytes)
        let layout = try TIFFLayout(stream)
        try layout.checkSupported(stream)
        // libtiff only warns when a tag's value lies past the end of the file, and drops the tag.
        if stream.warnings.contains("IO error") {
            throw .truncated(.tiff, "tag values lie beyond the end of the file (libtiff: \(stream.warnings))")
        }
        let levels = layout.isDirectGray
            ? try TIFFPixelReader(stream: stream, layout: layout).directGray()
            : try TIFFPixelReader(stream: stream, layout: layout).throughRGBA()
        let image = GrayImage(width: layout.width, height: layout.height, pixels: levels)
        return DecodedImage(image: image, info: info(layout, stream: stream))
    }

    private static func info(_ layout: TIFFLayout, stream: TIFFStream) -> ImageInfo {
        var fields = [ImageInfo.Field("compression", layout.compressionName),
                      ImageInfo.Field("photometric", layout.photometricName),
                      ImageInfo.Field("samples per pixel", String(layout.samplesPerPixel))]
        if layout.isTiled {
            fields.append(ImageInfo.Field("tiles", String(TIFFNumberOfTiles(stream.handle))))
        } else {
            fields.append(ImageInfo.Field("strips", String(TIFFNumberOfStrips(stream.handle))))
        }
        if !stream.warnings.isEmpty { fields.append(ImageInfo.Field("libtiff warnings", stream.warnings)) }
        return ImageInfo(format: .tiff, width: layout.width, height: layout.height,
                         bitDepth: layout.bitsPerSample, layout: layout.layout, storedDPI: layout.dpi,
                         storedVerticalDPI: layout.verticalDPI,
                         fields: fields)
    }

    /// Classifies libtiff's collected messages: data that is not there is truncation, the rest corruption.
    static func error(from message: String) -> ImageCodecError {
        let lowered = message.lowercased()
        let truncation = ["read error", "seek error", "end of file", "beyond", "cannot read", "short read",
                          "not enough data", "unexpected eof"]
        return truncation.contains(where: lowered.contains)
            ? .truncated(.tiff, "libtiff: \(message)")
            : .malformed(.tiff, "libtiff: \(message)")
    }
}

/// Reads the pixels of the current directory into 8-bit gray, top row first.
struct TIFFPixelReader {
    let stream: TIFFStream
    let layout: TIFFLayout

    /// 8-bit gray strips or tiles, as stored; min-is-white is inverted.
    func directGray() throws(ImageCodecError) -> [UInt8] {
        var levels = layout.isTiled ? try tiles() : try strips()
        if layout.photometric == PHOTOMETRIC_MINISWHITE {
            for index in levels.indices { levels[index] = 255 &- levels[index] }
        }
        return levels
    }

    private func strips() throws(ImageCodecError) -> [UInt8] {
        let count = Int(TIFFNumberOfStrips(stream.handle))
        try checkChunksPresent(count: count, kind: "strip", offsetsTag: TIFFTAG_STRIPOFFSETS,
                               countsTag: TIFFTAG_STRIPBYTECOUNTS)
        let stripSize = Int(TIFFStripSize(stream.handle))
        var levels = [UInt8](repeating: 0, count: layout.width * layout.height)
        let failed = levels.withUnsafeMutableBytes { buffer -> Int? in
            for strip in 0..<count {
                let start = strip * stripSize
                guard start < buffer.count else { break }
                let size = min(stripSize, buffer.count - start)
                if TIFFReadEncodedStrip(stream.handle, UInt32(strip), buffer.baseAddress! + start, tmsize_t(size)) < 0 {
                    return strip
                }
            }
            return nil
        }
        if let failed { throw chunkError("strip \(failed) of \(count)") }
        return levels
    }

    private func tiles() throws(ImageCodecError) -> [UInt8] {
        let count = Int(TIFFNumberOfTiles(stream.handle))
        try checkChunksPresent(count: count, kind: "tile", offsetsTag: TIFFTAG_TILEOFFSETS,
                               countsTag: TIFFTAG_TILEBYTECOUNTS)
        let tileWidth = Int(stream.uint32(TIFFTAG_TILEWIDTH) ?? 0)
        let tileHeight = Int(stream.uint32(TIFFTAG_TILELENGTH) ?? 0)
        guard tileWidth > 0, tileHeight > 0 else { throw .malformed(.tiff, "tile size \(tileWidth)×\(tileHeight)") }
        var tile = [UInt8](repeating: 0, count: Int(TIFFTileSize(stream.handle)))
        var levels = [UInt8](repeating: 0, count: layout.width * layout.height)
        for y in stride(from: 0, to: layout.height, by: tileHeight) {
            for x in stride(from: 0, to: layout.width, by: tileWidth) {
                let index = TIFFComputeTile(stream.handle, UInt32(x), UInt32(y), 0, 0)
                let read = tile.withUnsafeMutableBytes { TIFFReadEncodedTile(stream.handle, index, $0.baseAddress, tmsize_t($0.count)) }
                guard read >= 0 else { throw chunkError("tile \(index) of \(count)") }
                for row in 0..<min(tileHeight, layout.height - y) {
                    let columns = min(tileWidth, layout.width - x)
                    let target = (y + row) * layout.width + x
                    levels.replaceSubrange(target..<(target + columns),
                                           with: tile[(row * tileWidth)..<(row * tileWidth + columns)])
                }
            }
        }
        return levels
    }

    /// Catches missing strips or tiles before libtiff does, with a precise message.
    private func checkChunksPresent(count: Int, kind: String, offsetsTag: Int32,
                                    countsTag: Int32) throws(ImageCodecError) {
        guard let offsets = stream.uint64Array(offsetsTag, count: count),
              let sizes = stream.uint64Array(countsTag, count: count) else {
            throw .malformed(.tiff, "no \(kind) offsets or byte counts")
        }
        for index in 0..<count {
            guard sizes[index] > 0, offsets[index] > 0 else {
                throw .malformed(.tiff, "\(kind) \(index) of \(count) is missing (offset \(offsets[index]), "
                                 + "\(sizes[index]) bytes)")
            }
            let end = offsets[index].addingReportingOverflow(sizes[index])
            guard !end.overflow, end.partialValue <= UInt64(stream.fileSize) else {
                throw .truncated(.tiff, "\(kind) \(index) of \(count) ends at byte \(end.partialValue), beyond the "
                                 + "end of the file (\(stream.fileSize) bytes)")
            }
        }
    }

    private func chunkError(_ what: String) -> ImageCodecError {
        let detail = stream.errors.isEmpty ? "no detail from libtiff" : stream.errors
        return TIFFCodec.error(from: "cannot decode \(what): \(detail)")
    }

    /// Any layout libtiff's RGBA interface reads (wraps `TIFFReadRGBAImageOriented`), converted to
    /// gray; alpha is composited onto white.
    func throughRGBA() throws(ImageCodecError) -> [UInt8] {
        var reason = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(stream.handle, &reason) != 0 else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .unsupportedVariant(.tiff, "libtiff cannot read this layout: \(text)")
        }
        var raster = [UInt32](repeating: 0, count: layout.width * layout.height)
        let ok = raster.withUnsafeMutableBufferPointer {
            TIFFReadRGBAImageOriented(stream.handle, UInt32(layout.width), UInt32(layout.height),
                                      $0.baseAddress, Int32(ORIENTATION_TOPLEFT), 1)
        }
        guard ok != 0 else { throw TIFFCodec.error(from: stream.errors.isEmpty ? "RGBA read failed" : stream.errors) }
        return raster.map { pixel in
            // TIFFGetR/G/B/A (tiffio.h): R in the low byte, then G, B, A.
            let gray = UInt32(Luma.gray(red: UInt8(truncatingIfNeeded: pixel), green: UInt8(truncatingIfNeeded: pixel >> 8),
                                        blue: UInt8(truncatingIfNeeded: pixel >> 16)))
            let alpha = pixel >> 24
            return UInt8((gray * alpha + 255 * (255 - alpha) + 127) / 255)
        }
    }
}
