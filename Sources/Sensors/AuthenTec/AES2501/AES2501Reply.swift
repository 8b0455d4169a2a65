import Fingerprint

/// The AES2501's reply formats (libfprint 1.94.5's aes2501 driver).
enum AES2501Reply {
    static let fingerDetectLength = 20
    static let registerDumpLength = 126
    static let captureSetupLength = 159
    static let stripLength = 1705

    static let frameWidth = 192
    static let frameHeight = 16

    /// The finger-detect rule's input: the 16 nibbles of reply bytes 1…8 added up (§2.3 B).
    static func fingerNibbleSum(_ reply: [UInt8]) -> Int {
        reply[1...8].reduce(0) { $0 + Int($1 & 0x0f) + Int($1 >> 4) }
    }

    /// The value of register `register` in a 126-byte dump: byte 2·(R − 0x80) + 1 (§2.4).
    static func register(_ register: UInt8, inDump dump: ArraySlice<UInt8>) -> UInt8 {
        dump[dump.startIndex + 2 * Int(register - 0x80) + 1]
    }

    /// Problems that make a register dump unusable; nil when it starts with register 0x80.
    static func dumpProblem(_ dump: ArraySlice<UInt8>) -> String? {
        guard dump.count == registerDumpLength else { return "a register dump of \(dump.count) bytes" }
        let first = dump[dump.startIndex]
        return first == 0x80 ? nil : "a corrupt register dump (first register 0x\(hex(first)), expected 0x80)"
    }
}

/// One decoded 1705-byte strip reply (§3.3).
struct AES2501Strip {
    /// 192 × 16 pixels, row-major, nibble × 17 (ridges bright).
    let frame: SwipeFrame
    /// The chip's 16 histogram bins (u16 little-endian).
    let histogram: [Int]
    /// The histogram threshold: the low nibble of DATFMT (0x97) in the strip's register dump.
    let threshold: Int

    private static let pixelStart = 1
    private static let histogramMarker = 1537
    private static let histogramStart = 1538
    private static let dumpStart = 1579

    /// Decodes a reply, or says why it is corrupt (wrong length or marker bytes).
    static func decode(_ reply: [UInt8]) -> Result<AES2501Strip, StripProblem> {
        guard reply.count == AES2501Reply.stripLength else {
            return .failure(StripProblem("a strip of \(reply.count) bytes, expected \(AES2501Reply.stripLength)"))
        }
        guard reply[0] == 0xe0 else { return .failure(StripProblem("a corrupt strip (byte 0 is 0x\(hex(reply[0])), expected 0xe0)")) }
        guard reply[histogramMarker] == 0xde else {
            return .failure(StripProblem("a corrupt strip (histogram marker 0x\(hex(reply[histogramMarker])), expected 0xde)"))
        }
        let dump = reply[dumpStart...]
        if let problem = AES2501Reply.dumpProblem(dump) { return .failure(StripProblem(problem)) }
        let histogram = (0..<16).map { bin in
            Int(reply[histogramStart + 2 * bin]) | Int(reply[histogramStart + 2 * bin + 1]) << 8
        }
        let threshold = Int(AES2501Reply.register(AES2501Register.dataFormat, inDump: dump) & 0x0f)
        return .success(AES2501Strip(frame: decodePixels(reply), histogram: histogram, threshold: threshold))
    }

    /// Column-major nibbles from byte 1 (§3.3).
    private static func decodePixels(_ reply: [UInt8]) -> SwipeFrame {
        AuthenTecPixels.frame(reply[pixelStart...], width: AES2501Reply.frameWidth, height: AES2501Reply.frameHeight)
    }

    /// The sum of histogram bins threshold…15, which drives gain control and the stop rule.
    var histogramSum: Int {
        histogram[min(15, max(0, threshold))...].reduce(0, +)
    }
}

/// Why a strip reply could not be decoded.
struct StripProblem: Error {
    let detail: String
    init(_ detail: String) { self.detail = detail }
}

func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
}
