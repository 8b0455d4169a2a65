/// pbtool's own template: everything the host matcher needs, in a small versioned binary format.
///
/// It carries the minutiae with finer position and angle steps than the standard records, the
/// image quality and the foreground map (where the finger was seen), which the standard formats
/// cannot hold and the matcher uses to tell "no minutia here" from "not seen here". The matcher's
/// descriptors are derived when a template is prepared (``PreparedTemplate``), so they never go
/// stale when the matcher improves.
///
/// Layout, version 1 (all integers big-endian):
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 4 | identifier `PBHT` |
/// | 4 | 1 | version, 1 |
/// | 5 | 1 | flags, 0 (reserved) |
/// | 6 | 2 + 2 | image width, height in pixels (1–65,535) |
/// | 10 | 2 | resolution in tenths of a dpi (500 dpi = 5000; 100–20,000 dpi) |
/// | 12 | 1 | image quality 0–100 |
/// | 13 | 1 | reserved, 0 |
/// | 14 | 2 | minutiae count n (0–1,000) |
/// | 16 | 8 n | per minutia: x, y in 1/8 pixel (2 + 2, inside the image), direction in 1/65,536 turn (2), type (1: 0 other, 1 ending, 2 bifurcation), quality (1, 0–100) |
/// | … | 2 + 2 + 1 + 2 | foreground map: columns, rows (1–4,096), block size in pixels (1–255), resolution in dpi |
/// | … | ⌈columns·rows / 8⌉ | foreground flags, row-major, most significant bit first, unused bits 0 |
/// | … | 4 | CRC-32 (IEEE 802.3) of every byte before it |
public struct HostTemplate: Sendable, Hashable {
    /// The format version this code writes and reads.
    public static let version: UInt8 = 1
    /// The first four bytes of every host template.
    public static let identifier: [UInt8] = Array("PBHT".utf8)
    /// Most minutiae a template may hold.
    public static let maximumMinutiae = 1_000

    public var features: FingerprintFeatures

    /// Wraps extracted features; positions and angles are rounded to the format's steps when encoded.
    public init(_ features: FingerprintFeatures) {
        self.features = features
    }

    /// Subdivisions of a pixel in stored positions and of a turn in stored directions.
    static let positionSteps = 8.0
    static let directionSteps = 65_536.0
}
