internal import CTIFF

/// The first directory's tags that decide how to read a TIFF (TIFF 6.0 §8 baseline fields).
struct TIFFLayout {
    var width: Int
    var height: Int
    var bitsPerSample: Int
    var samplesPerPixel: Int
    var photometric: UInt16
    var compression: UInt16
    var planarConfig: UInt16
    var orientation: UInt16
    var isTiled: Bool
    /// Dots per inch from XResolution and ResolutionUnit; nil when there is no resolution or no unit.
    var dpi: Double?
    /// The same from YResolution.
    var verticalDPI: Double?

    init(_ stream: TIFFStream) throws(ImageCodecError) {
        width = Int(stream.uint32(TIFFTAG_IMAGEWIDTH, defaulted: false) ?? 0)
        height = Int(stream.uint32(TIFFTAG_IMAGELENGTH, defaulted: false) ?? 0)
        bitsPerSample = Int(stream.uint16(TIFFTAG_BITSPERSAMPLE) ?? 1)
        samplesPerPixel = Int(stream.uint16(TIFFTAG_SAMPLESPERPIXEL) ?? 1)
        photometric = stream.uint16(TIFFTAG_PHOTOMETRIC, defaulted: false)
            ?? UInt16(samplesPerPixel >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK)
        compression = stream.uint16(TIFFTAG_COMPRESSION) ?? UInt16(COMPRESSION_NONE)
        planarConfig = stream.uint16(TIFFTAG_PLANARCONFIG) ?? UInt16(PLANARCONFIG_CONTIG)
        orientation = stream.uint16(TIFFTAG_ORIENTATION) ?? UInt16(ORIENTATION_TOPLEFT)
        isTiled = TIFFIsTiled(stream.handle) != 0
        dpi = Self.dpi(stream, tag: TIFFTAG_XRESOLUTION)
        verticalDPI = Self.dpi(stream, tag: TIFFTAG_YRESOLUTION)
        try ImageLimits.check(width: width, height: height, format: .tiff)
    }

    private static func dpi(_ stream: TIFFStream, tag: Int32) -> Double? {
        guard let resolution = stream.float(tag), resolution.isFinite, resolution > 0 else {
            return nil
        }
        switch Int32(stream.uint16(TIFFTAG_RESOLUTIONUNIT) ?? UInt16(RESUNIT_INCH)) {
        case RESUNIT_INCH: return Double(resolution)
        case RESUNIT_CENTIMETER: return Double(resolution) * 2.54
        default: return nil
        }
    }

    /// 8-bit single-sample gray stored top-left first: read the samples as they are.
    var isDirectGray: Bool {
        bitsPerSample == 8 && samplesPerPixel == 1 && orientation == ORIENTATION_TOPLEFT
            && (photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE)
    }

    var layout: ImageInfo.PixelLayout {
        switch Int32(photometric) {
        case PHOTOMETRIC_PALETTE: .palette
        case PHOTOMETRIC_MINISBLACK, PHOTOMETRIC_MINISWHITE: samplesPerPixel > 1 ? .grayAlpha : .gray
        default: samplesPerPixel > 3 ? .rgba : .rgb
        }
    }

    /// Rejects what pbtool does not read, naming the variant.
    func checkSupported(_ stream: TIFFStream) throws(ImageCodecError) {
        guard bitsPerSample <= 8 else {
            throw .unsupportedVariant(.tiff, "\(bitsPerSample)-bit samples; pbtool reads 8-bit (or lower) TIFF")
        }
        guard TIFFIsCODECConfigured(compression) != 0 else {
            throw .unsupportedVariant(.tiff, "compression \(compressionName) is not available in this libtiff")
        }
        if photometric == PHOTOMETRIC_PALETTE { try checkGrayPalette(stream) }
    }

    private func checkGrayPalette(_ stream: TIFFStream) throws(ImageCodecError) {
        guard let map = stream.colourMap(entries: 1 << bitsPerSample) else {
            throw .malformed(.tiff, "palette image without a ColorMap")
        }
        for entry in map.red.indices where map.red[entry] != map.green[entry] || map.green[entry] != map.blue[entry] {
            throw .unsupportedVariant(.tiff, "palette without gray: entry \(entry) is a colour "
                                      + "(R \(map.red[entry] >> 8) G \(map.green[entry] >> 8) B \(map.blue[entry] >> 8)); "
                                      + "pbtool reads gray palettes only")
        }
    }

    var compressionName: String {
        let names: [Int32: String] = [
            COMPRESSION_NONE: "none", COMPRESSION_CCITTRLE: "CCITT RLE", COMPRESSION_CCITTFAX3: "CCITT G3",
            COMPRESSION_CCITTFAX4: "CCITT G4", COMPRESSION_LZW: "LZW", COMPRESSION_OJPEG: "old JPEG",
            COMPRESSION_JPEG: "JPEG", COMPRESSION_ADOBE_DEFLATE: "Deflate", COMPRESSION_DEFLATE: "Deflate",
            COMPRESSION_PACKBITS: "PackBits", COMPRESSION_JP2000: "JPEG 2000", COMPRESSION_LZMA: "LZMA",
            COMPRESSION_ZSTD: "Zstandard", COMPRESSION_WEBP: "WebP",
        ]
        return names[Int32(compression)].map { "\($0) (\(compression))" } ?? "scheme \(compression)"
    }

    var photometricName: String {
        let names: [Int32: String] = [
            PHOTOMETRIC_MINISWHITE: "min-is-white", PHOTOMETRIC_MINISBLACK: "min-is-black", PHOTOMETRIC_RGB: "RGB",
            PHOTOMETRIC_PALETTE: "palette", PHOTOMETRIC_MASK: "mask", PHOTOMETRIC_SEPARATED: "separated (CMYK)",
            PHOTOMETRIC_YCBCR: "YCbCr", PHOTOMETRIC_CIELAB: "CIE L*a*b*",
        ]
        return names[Int32(photometric)] ?? "photometric \(photometric)"
    }
}
