import Imaging

/// The FBI's Wavelet Scalar Quantization format for 8-bit gray fingerprint images (WSQ Gray-scale
/// Fingerprint Image Compression Specification, IAFIS-IC-0110 v3), written in Swift and
/// interoperable with the NIST reference implementation (NBIS): files from either decode in the other.
///
/// All functions are pure and safe to call from any thread.
public enum WSQCodec {
    /// Decodes a WSQ file to 8-bit gray. The resolution comes from the NIST_COM comment's `PPI`
    /// field, or is 500 dpi when the file records none.
    ///
    /// Throws ``WSQError`` naming the problem and its byte offset for truncated or corrupt files, and
    /// for frames over 25 million pixels.
    public static func decode(_ bytes: [UInt8]) throws -> GrayImage {
        try WSQDecoder.decode(bytes)
    }

    /// Encodes `image` at `bitRate` bits per pixel (0.75 is the FBI's usual rate, about 15:1;
    /// 2.25 keeps more detail). The resolution is recorded as the NIST_COM `PPI` field.
    ///
    /// Images too small for the reference decoder's five-level decomposition (under 81 pixels a
    /// side in general) are padded and the real size recorded in a comment, which ``decode(_:)``
    /// honours. Throws ``WSQError/invalidBitRate(_:)`` unless `0 < bitRate <= 8`, and
    /// ``WSQError/cannotEncode(_:)`` for empty images or sides over 65 535 pixels.
    public static func encode(_ image: GrayImage, bitRate: Double) throws -> [UInt8] {
        try WSQEncoder.encode(image, bitRate: bitRate)
    }

    /// Reads the frame header, tables and comments without decoding the picture.
    ///
    /// The whole file is walked, so a file whose structure is corrupt throws the same
    /// ``WSQError`` as ``decode(_:)`` would.
    public static func header(_ bytes: [UInt8]) throws -> WSQHeader {
        WSQHeader(file: try WSQFile(parsing: bytes))
    }
}
