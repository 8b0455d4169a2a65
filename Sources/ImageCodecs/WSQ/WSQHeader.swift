/// What a WSQ file's headers say, read without decoding the picture (for `pbtool image info`).
public struct WSQHeader: Sendable {
    /// Size of the decoded image; smaller than the coded frame when pbtool padded a small image.
    public var width: Int
    public var height: Int
    /// Size of the coded frame (the SOF segment).
    public var frameWidth: Int
    public var frameHeight: Int
    /// Scanning resolution in pixels per inch from the NIST_COM comment, when recorded.
    public var ppi: Int?
    /// Bits per pixel the encoder aimed at (NIST_COM `WSQ_BITRATE`); when not recorded, the
    /// achieved ``bitsPerPixel``.
    public var bitRate: Double?
    /// Bits per pixel the file actually takes: its size in bits over the frame's pixel count.
    public var bitsPerPixel: Double
    /// Pixel values the frame header gives for black and white.
    public var black: UInt8
    public var white: UInt8
    /// The frame header's shift `M` (the image mean) and scale `R` that map pixels to transform samples.
    public var shift: Double
    public var scale: Double
    /// The frame header's encoder and software identification numbers.
    public var encoderNumber: Int
    public var softwareNumber: Int
    /// Number of Huffman-coded blocks (3 from every known encoder).
    public var blockCount: Int
    /// The file's marker segments in file order.
    public var segments: [WSQSegment]
    /// The text of every COM segment in file order, the NIST_COM comment included.
    public var comments: [String]
    /// The NIST_COM comment's fields (`PIX_WIDTH`, `PPI`, `WSQ_BITRATE`, …) in file order.
    public var nistFields: [(name: String, value: String)]

    /// Header fields in file order as name and value, for `pbtool image info`.
    public var fields: [(name: String, value: String)] {
        var list: [(name: String, value: String)] = [
            ("width", String(width)), ("height", String(height)),
        ]
        if frameWidth != width || frameHeight != height {
            list.append(("coded size", "\(frameWidth)×\(frameHeight) (padded by pbtool)"))
        }
        list.append(("ppi", ppi.map(String.init) ?? "not recorded"))
        list.append(("bit rate", bitRate.map { NISTComment.sixDecimals($0) } ?? "not recorded"))
        list.append(("bits per pixel", NISTComment.sixDecimals(bitsPerPixel)))
        list += [("black", String(black)), ("white", String(white)),
                 ("shift", String(shift)), ("scale", String(scale)),
                 ("encoder", String(encoderNumber)), ("software", String(softwareNumber)),
                 ("blocks", String(blockCount))]
        list += nistFields.map { ("NIST_COM \($0.name)", $0.value) }
        list += segments.map { ("segment \($0.marker)", "offset \($0.offset), \($0.length) bytes") }
        return list
    }
}

extension WSQHeader {
    init(file: WSQFile) {
        let frame = file.frame
        let size = file.decodedSize
        let nist = file.nistComment
        let bitsPerPixel = Double(file.bytes.count * 8) / Double(frame.width * frame.height)
        self.init(width: size.width, height: size.height, frameWidth: frame.width, frameHeight: frame.height,
                  ppi: nist?.ppi, bitRate: nist?.bitRate ?? bitsPerPixel, bitsPerPixel: bitsPerPixel,
                  black: frame.black, white: frame.white, shift: Double(frame.shift), scale: Double(frame.scale),
                  encoderNumber: Int(frame.encoderNumber), softwareNumber: Int(frame.softwareNumber),
                  blockCount: file.blocks.count, segments: file.segments, comments: file.comments,
                  nistFields: nist?.fields ?? [])
    }
}
