internal import CTIFF
import Imaging

extension TIFFCodec {
    /// Uncompressed 8-bit min-is-black gray.
    static func encode(_ image: GrayImage) throws(ImageCodecError) -> [UInt8] {
        try encode(width: image.width, height: image.height, dpi: image.dpi, samplesPerPixel: 1,
                   photometric: UInt16(PHOTOMETRIC_MINISBLACK), samples: image.pixels)
    }

    /// Uncompressed 8-bit RGB, samples interleaved.
    static func encode(_ image: RGBImage) throws(ImageCodecError) -> [UInt8] {
        try encode(width: image.width, height: image.height, dpi: image.dpi, samplesPerPixel: 3,
                   photometric: UInt16(PHOTOMETRIC_RGB), samples: image.pixels)
    }

    private static func encode(width: Int, height: Int, dpi: Double, samplesPerPixel: Int, photometric: UInt16,
                               samples: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .cannotEncode(.tiff, "the image has no pixels") }
        let stream = try TIFFStream(writing: ())
        stream.set(TIFFTAG_IMAGEWIDTH, uint32: UInt32(width))
        stream.set(TIFFTAG_IMAGELENGTH, uint32: UInt32(height))
        stream.set(TIFFTAG_BITSPERSAMPLE, uint16: 8)
        stream.set(TIFFTAG_SAMPLESPERPIXEL, uint16: UInt16(samplesPerPixel))
        stream.set(TIFFTAG_PHOTOMETRIC, uint16: photometric)
        stream.set(TIFFTAG_PLANARCONFIG, uint16: UInt16(PLANARCONFIG_CONTIG))
        stream.set(TIFFTAG_COMPRESSION, uint16: UInt16(COMPRESSION_NONE))
        stream.set(TIFFTAG_ORIENTATION, uint16: UInt16(ORIENTATION_TOPLEFT))
        stream.set(TIFFTAG_ROWSPERSTRIP, uint32: TIFFDefaultStripSize(stream.handle, 0))
        stream.set(TIFFTAG_XRESOLUTION, float: Float(dpi.clampedForHeader))
        stream.set(TIFFTAG_YRESOLUTION, float: Float(dpi.clampedForHeader))
        stream.set(TIFFTAG_RESOLUTIONUNIT, uint16: UInt16(RESUNIT_INCH))
        stream.set(TIFFTAG_SOFTWARE, string: "pbtool")
        let rowBytes = width * samplesPerPixel
        var copy = samples
        let failedRow = copy.withUnsafeMutableBytes { buffer -> Int? in
            for row in 0..<height where TIFFWriteScanline(stream.handle, buffer.baseAddress! + row * rowBytes,
                                                          UInt32(row), 0) != 1 {
                return row
            }
            return nil
        }
        if let failedRow { throw .cannotEncode(.tiff, "libtiff failed on row \(failedRow): \(stream.errors)") }
        let bytes = stream.finishWriting()
        guard stream.errors.isEmpty else { throw .cannotEncode(.tiff, "libtiff: \(stream.errors)") }
        return bytes
    }
}
