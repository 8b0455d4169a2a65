/// The SOF segment: image size, pixel value range and the shift and scale that map pixels to the
/// transform's input range (WSQ specification §B.2.1).
struct WSQFrameHeader: Sendable, Hashable {
    var black: UInt8
    var white: UInt8
    var width: Int
    var height: Int
    /// Pixel value subtracted before the transform (the image mean, `M`).
    var shift: Float
    /// Divisor applied after the shift (`R`), so that samples span about ±128.
    var scale: Float
    var encoderNumber: UInt8
    var softwareNumber: UInt16

    init(width: Int, height: Int, shift: Float, scale: Float) {
        black = 0
        white = 255
        self.width = width
        self.height = height
        self.shift = shift
        self.scale = scale
        encoderNumber = WSQParameters.encoderNumber
        softwareNumber = WSQParameters.softwareNumber
    }

    /// Reads a SOF payload; `reader` stands after the segment length.
    init(reading reader: inout WSQByteReader) throws {
        let what = "frame header (SOF)"
        black = try reader.uint8(what)
        white = try reader.uint8(what)
        height = Int(try reader.uint16(what))
        width = Int(try reader.uint16(what))
        shift = WSQScaledNumber(scale: try reader.uint8(what), integer: UInt32(try reader.uint16(what))).floatValue
        scale = WSQScaledNumber(scale: try reader.uint8(what), integer: UInt32(try reader.uint16(what))).floatValue
        encoderNumber = try reader.uint8(what)
        softwareNumber = try reader.uint16(what)
    }

    /// The SOF payload as NBIS writes it.
    func payload() -> [UInt8] {
        var writer = WSQByteWriter()
        writer.uint8(black)
        writer.uint8(white)
        writer.uint16(UInt16(height))
        writer.uint16(UInt16(width))
        for value in [shift, scale] {
            let scaled = WSQScaledNumber.sixteenBit(value) ?? WSQScaledNumber(scale: 0, integer: 0)
            writer.uint8(scaled.scale)
            writer.uint16(UInt16(scaled.integer))
        }
        writer.uint8(encoderNumber)
        writer.uint16(softwareNumber)
        return writer.bytes
    }
}
