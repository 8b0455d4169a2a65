import Imaging

/// Placeholder for the WSQ codec written on branch `wsq` (issue 3); the lead replaces this file
/// with the real codec when that branch merges. Every call throws "not supported yet".
public enum WSQCodec {
    /// Decodes a WSQ file to 8-bit gray.
    public static func decode(_ bytes: [UInt8]) throws -> GrayImage {
        throw ImageCodecError.formatNotSupportedYet(.wsq)
    }

    /// Encodes an image at `bitRate` bits per pixel.
    public static func encode(_ image: GrayImage, bitRate: Double) throws -> [UInt8] {
        throw ImageCodecError.formatNotSupportedYet(.wsq)
    }

    /// Reads the frame header and comments without decoding the picture.
    public static func header(_ bytes: [UInt8]) throws -> WSQHeader {
        throw ImageCodecError.formatNotSupportedYet(.wsq)
    }
}

/// What a WSQ file's headers say (placeholder shape of the `wsq` branch's type).
public struct WSQHeader: Sendable {
    public var width: Int
    public var height: Int
    /// Resolution from the NISTCOM comment, when present.
    public var ppi: Int?
    /// Bits per pixel the encoder aimed at, when recorded.
    public var bitRate: Double?
    /// Header fields in file order, for `pbtool image info`.
    public var fields: [(name: String, value: String)]
}
