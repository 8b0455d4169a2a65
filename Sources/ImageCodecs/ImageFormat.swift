/// The image file formats pbtool reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case png
    case tiff
    case bmp
    case pgm
    /// FBI Wavelet Scalar Quantization (IAFIS-IC-0110 v3), the fingerprint format.
    case wsq
    /// JPEG with a JFIF header (ITU-T T.81).
    case jpeg
    /// JPEG 2000: JP2 files, and bare codestreams on input (ITU-T T.800).
    case jpeg2000 = "jp2"

    /// The name users know the format by ("PNG", "TIFF", "JPEG 2000", …).
    public var displayName: String {
        switch self {
        case .jpeg2000: "JPEG 2000"
        default: rawValue.uppercased()
        }
    }

    /// The extension `pbtool` gives files it writes in this format.
    public var preferredExtension: String {
        switch self {
        case .tiff: "tif"
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// Every format's name for messages and help: "PNG, TIFF, BMP, PGM, WSQ, JPEG or JPEG 2000".
    public static var displayNames: String {
        let names = allCases.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Every format's preferred extension for messages and help: ".png .tif .bmp .pgm .wsq .jpg .jp2".
    public static var extensions: String {
        allCases.map { "." + $0.preferredExtension }.joined(separator: " ")
    }

    /// The format a file name's extension names (`.tif`, `.TIFF`, `.pgm`, …), or nil when unknown.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "tif", "tiff": self = .tiff
        case "bmp", "dib": self = .bmp
        case "pgm", "pnm": self = .pgm
        case "wsq": self = .wsq
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "jp2": self = .jpeg2000
        default: return nil
        }
    }

    /// The format a path's extension names, or nil when it has none or an unknown one.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The format the first bytes of a file announce, or nil when no known signature matches.
    ///
    /// Signatures: PNG (ISO/IEC 15948 §5.2), TIFF 6.0 §2 byte-order header (`II*\0`, `MM\0*`;
    /// BigTIFF `II+\0`, `MM\0+` too), BMP `BM`, Netpbm `P5`/`P2` followed by white space, WSQ's
    /// Start-of-Image marker `FF A0` (IAFIS-IC-0110 §3.1), JPEG's SOI marker and the next marker's
    /// `FF` (T.81 B.1.1.3), and JPEG 2000's signature box (T.800 I.5.1) or codestream SOC + SIZ (A.4.1).
    public init?(magic bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                    || head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            self = .tiff
        } else if head.starts(with: [0x42, 0x4D]) {
            self = .bmp
        } else if head.count >= 3, head[0] == 0x50, head[1] == 0x35 || head[1] == 0x32,
                  PGMCodec.isWhitespace(head[2]) {
            self = .pgm
        } else if head.starts(with: [0xFF, 0xA0]) {
            self = .wsq
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: JP2Boxes.signature.prefix(8)) || head.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            self = .jpeg2000
        } else {
            return nil
        }
    }
}
