internal import COpenJPEG

/// A decoded OpenJPEG image's components turned into 8-bit gray, one level per pixel.
struct JPEG2000Samples {
    let image: opj_image_t
    let header: JPEG2000Decoder.Header

    init(_ image: opj_image_t, header: JPEG2000Decoder.Header) {
        self.image = image
        self.header = header
    }

    /// Gray and gray+alpha give their first component, YCbCr its Y, RGB the BT.601 luma.
    func gray() throws(ImageCodecError) -> [UInt8] {
        switch (header.components, header.colourSpace) {
        case (_, OPJ_CLRSPC_CMYK), (_, OPJ_CLRSPC_EYCC):
            throw .unsupportedVariant(.jpeg2000, "\(header.colourSpaceName) colour; pbtool reads gray, RGB and YCbCr")
        case (1...2, _), (_, OPJ_CLRSPC_SYCC):
            return try levels(ofComponent: 0)
        default:
            let channels = [try levels(ofComponent: 0), try levels(ofComponent: 1), try levels(ofComponent: 2)]
            var out = [UInt8](repeating: 0, count: channels[0].count)
            for index in out.indices {
                out[index] = Luma.gray(red: channels[0][index], green: channels[1][index], blue: channels[2][index])
            }
            return out
        }
    }

    /// One full-size component scaled to 0…255: signed samples shifted up, fewer than 8 bits stretched.
    private func levels(ofComponent index: Int) throws(ImageCodecError) -> [UInt8] {
        let component = image.comps[index]
        let count = header.width * header.height
        guard component.dx == 1, component.dy == 1, Int(component.w) == header.width,
              Int(component.h) == header.height else {
            throw .unsupportedVariant(.jpeg2000, "component \(index) is subsampled "
                                      + "(\(component.dx)×\(component.dy)); pbtool reads full-size components")
        }
        guard (1...8).contains(component.prec) else {
            throw .unsupportedVariant(.jpeg2000, "\(component.prec)-bit samples; pbtool reads 8-bit (or lower) JPEG 2000")
        }
        guard let data = component.data else { throw .malformed(.jpeg2000, "component \(index) has no samples") }
        let maximum = (Int32(1) << component.prec) - 1
        let offset: Int32 = component.sgnd != 0 ? 1 << (component.prec - 1) : 0
        var out = [UInt8](repeating: 0, count: count)
        for pixel in 0..<count {
            let value = min(max(data[pixel] &+ offset, 0), maximum)
            out[pixel] = UInt8(truncatingIfNeeded: (value &* 255 &+ maximum / 2) / maximum)
        }
        return out
    }
}
