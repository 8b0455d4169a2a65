import Foundation
import ImageCodecs
import TemplateStore

/// An encrypted capture package for a backend server: the capture (WSQ, JPEG or JPEG 2000 image,
/// ISO/IEC 19794-2 template, quality, capture metadata) as JSON, sealed with AES-256-GCM under a fresh key, and
/// that key wrapped with the backend's RSA public key (RSA-OAEP, SHA-256, MGF1-SHA-256).
///
/// The envelope is JSON too (``SealedCapturePackage``); docs/export.md shows how a backend opens
/// it with OpenSSL or Python's `cryptography`.
public enum CapturePackage {
    /// The additional authenticated data of every package, binding format and version.
    public static let additionalData = "pbtool-capture-package/1"

    /// The image formats a package may carry: WSQ at 0.75 bits per pixel (the FBI's setting),
    /// JPEG at quality 90, JPEG 2000 lossless.
    public static let imageFormats: [ImageFormat] = [.wsq, .jpeg, .jpeg2000]

    /// The clear contents of `capture`, taken at `date`, its image in `imageFormat` (one of ``imageFormats``).
    /// - Throws: `ImageCodecError` or `TemplateError` when the image or template cannot be encoded.
    public static func contents(of capture: CapturedSwipe, at date: Date = Date(),
                                imageFormat: ImageFormat = .wsq) throws -> CaptureContents {
        guard imageFormats.contains(imageFormat) else {
            throw ImageCodecError.cannotEncode(imageFormat, "a capture package holds WSQ, JPEG or JPEG 2000 images")
        }
        let image = try ImageFile.encode(capture.image, as: imageFormat, options: ImageFile.EncodingOptions(wsqBitRate: 0.75))
        let template = try FingerTemplates.isoRecord(capture.features, finger: capture.finger)
        return CaptureContents(
            capturedAt: EventLogLine.timestamp(date),
            sensor: .init(id: capture.sensorID, name: capture.sensorName),
            finger: capture.finger?.name, quality: capture.features.quality,
            areaSquareMillimetres: (capture.reading.area * 10).rounded() / 10,
            image: .init(format: imageFormat.rawValue, width: capture.image.width, height: capture.image.height,
                         dpi: capture.image.dpi, data: Data(image).base64EncodedString()),
            template: .init(format: "iso-19794-2-2005", minutiae: capture.features.minutiae.count,
                            data: Data(template).base64EncodedString()))
    }

    /// Seals `contents` to `recipient`.
    public static func seal(_ contents: CaptureContents, to recipient: RSAPublicKey) throws -> SealedCapturePackage {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let plaintext = [UInt8](try encoder.encode(contents))
        let key = try SecretBytes.random(count: 32)
        let sealed = try plaintext.withUnsafeBytes {
            try AESGCM.seal($0, key: key, additionalData: Array(additionalData.utf8))
        }
        // AESGCM's layout: version ‖ nonce ‖ ciphertext ‖ tag; the envelope names each part.
        let nonce = sealed[1...AESGCM.nonceLength]
        let tag = sealed.suffix(AESGCM.tagLength)
        let ciphertext = sealed[(1 + AESGCM.nonceLength)..<(sealed.count - AESGCM.tagLength)]
        return SealedCapturePackage(
            recipientKeySHA256: try recipient.fingerprint().map { String(format: "%02x", $0) }.joined(),
            encryptedKey: Data(try recipient.wrap(key)).base64EncodedString(),
            nonce: Data(nonce).base64EncodedString(), ciphertext: Data(ciphertext).base64EncodedString(),
            tag: Data(tag).base64EncodedString(), additionalData: additionalData)
    }
}

/// What a package holds, in clear (the JSON the backend gets after decrypting).
public struct CaptureContents: Codable, Sendable, Hashable {
    /// The sensor that took the swipe.
    public struct Sensor: Codable, Sendable, Hashable {
        /// Its `--sensor` name.
        public var id: String
        /// Its vendor and model.
        public var name: String
    }

    /// The image, compressed.
    public struct Image: Codable, Sendable, Hashable {
        /// `wsq`, `jpeg` or `jp2`.
        public var format: String
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int
        /// Resolution in dots per inch.
        public var dpi: Double
        /// Base64 of the image file.
        public var data: String
    }

    /// The minutiae template of the same swipe.
    public struct Template: Codable, Sendable, Hashable {
        /// Always `iso-19794-2-2005`.
        public var format: String
        /// Minutiae in the record.
        public var minutiae: Int
        /// Base64 of the record.
        public var data: String
    }

    /// ISO 8601, UTC, with milliseconds.
    public var capturedAt: String
    /// The sensor.
    public var sensor: Sensor
    /// The finger asked for (`right-index`), when one was.
    public var finger: String?
    /// 0–100.
    public var quality: Int
    /// Finger area seen, in square millimetres.
    public var areaSquareMillimetres: Double
    /// The image.
    public var image: Image
    /// The template.
    public var template: Template
}

/// The envelope on disk: JSON with base64 fields, names after JOSE where they exist.
public struct SealedCapturePackage: Codable, Sendable, Hashable {
    /// `pbtool-capture-package`.
    public var format = "pbtool-capture-package"
    /// The envelope's version: 1.
    public var version = 1
    /// RSA-OAEP with SHA-256 and MGF1-SHA-256 (JOSE's `RSA-OAEP-256`).
    public var keyEncryption = "RSA-OAEP-256"
    /// AES-256-GCM with a 96-bit nonce and a 128-bit tag (JOSE's `A256GCM`).
    public var contentEncryption = "A256GCM"
    /// SHA-256 of the recipient key's DER SubjectPublicKeyInfo, hex.
    public var recipientKeySHA256: String
    /// The AES key, RSA-OAEP wrapped, base64.
    public var encryptedKey: String
    /// The 12-byte GCM nonce, base64.
    public var nonce: String
    /// The encrypted contents, base64.
    public var ciphertext: String
    /// The 16-byte GCM tag, base64.
    public var tag: String
    /// The GCM additional data, as UTF-8 text.
    public var additionalData: String
}
