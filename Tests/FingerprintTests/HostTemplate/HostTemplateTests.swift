import Fingerprint
import Foundation
import Testing

@Suite struct HostTemplateTests {
    static let features = FingerprintFeatures(
        minutiae: [
            Minutia(x: 10.3, y: 200.875, direction: 0.1, kind: .ending, quality: 90),
            Minutia(x: 255.5, y: 0, direction: 6.2, kind: .bifurcation, quality: 40),
            Minutia(x: 0, y: 364, direction: .pi, kind: .other, quality: 0),
            Minutia(x: 128.01, y: 99.99, direction: 2 * .pi - 1e-9, kind: .ending, quality: 100),
        ],
        width: 256, height: 364, dpi: 569,
        foreground: ForegroundMap(columns: 3, rows: 3, blockSize: 8, resolution: 500,
                                  flags: [true, false, true, false, true, true, false, false, true]),
        quality: 73)

    static let bytes = try! HostTemplate(features).encoded()

    static func error(_ bytes: [UInt8]) -> HostTemplateError? {
        do {
            _ = try HostTemplate(bytes: bytes)
            return nil
        } catch {
            return error as? HostTemplateError
        }
    }

    /// `bytes` with its last four bytes replaced by the CRC-32 of the rest, so that only the
    /// edited field is wrong.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        let content = bytes.dropLast(4)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in content {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        return Array(content) + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    @Test func roundTripKeepsEverythingToTheFormatsSteps() throws {
        let decoded = try HostTemplate(bytes: Self.bytes).features
        #expect(decoded.width == 256 && decoded.height == 364 && decoded.dpi == 569 && decoded.quality == 73)
        #expect(decoded.foreground == Self.features.foreground)
        #expect(decoded.minutiae.count == Self.features.minutiae.count)
        for (a, b) in zip(decoded.minutiae, Self.features.minutiae) {
            #expect(abs(a.x - b.x) <= 1.0 / 16 && abs(a.y - b.y) <= 1.0 / 16)
            let turn = abs(a.direction - b.direction).truncatingRemainder(dividingBy: 2 * .pi)
            #expect(min(turn, 2 * .pi - turn) <= .pi / 65_536 + 1e-12)
            #expect((0..<(2 * .pi)).contains(a.direction))
            #expect(a.kind == b.kind && a.quality == b.quality)
        }
        // A decoded template is already on the format's grid: writing it again changes nothing.
        #expect(try HostTemplate(bytes: Self.bytes).encoded() == Self.bytes)
    }

    @Test func layoutMatchesTheDocumentedTable() {
        let bytes = Self.bytes
        #expect(Array(bytes[0..<6]) == Array("PBHT".utf8) + [1, 0])
        #expect(Array(bytes[6..<16]) == [0x01, 0x00, 0x01, 0x6C, 0x16, 0x3A, 73, 0, 0x00, 0x04])
        // 16 header + 4 × 8 minutiae + 7 map header + 2 flag bytes + 4 CRC.
        #expect(bytes.count == 16 + 32 + 7 + 2 + 4)
        #expect(Array(bytes[16..<20]) == [0x00, 0x52, 0x06, 0x47])  // x 10.3 → 82/8, y 200.875 → 1607/8
    }

    /// Extracted features keep their matching power through the format's rounding.
    @Test func extractedFeaturesMatchAsBeforeAfterARoundTrip() throws {
        let original = SyntheticPrints.whorlFirst.features
        let decoded = try HostTemplate(bytes: try HostTemplate(original).encoded()).features
        #expect(decoded.foreground == original.foreground && decoded.quality == original.quality)
        #expect(decoded.minutiae.map(\.kind) == original.minutiae.map(\.kind))
        let mate = PreparedTemplate(SyntheticPrints.whorlSecond.features)
        var before = HostMatcher(probe: PreparedTemplate(original)), after = HostMatcher(probe: PreparedTemplate(decoded))
        let a = before.score(mate), b = after.score(mate)
        #expect(abs(a - b) <= 0.02 * a, "\(a) before, \(b) after")
    }

    @Test func emptyTemplateRoundTrips() throws {
        var empty = Self.features
        empty.minutiae = []
        let decoded = try HostTemplate(bytes: try HostTemplate(empty).encoded())
        #expect(decoded.features == empty)
    }

    @Test func everyTruncationIsReported() {
        for cut in 0..<Self.bytes.count {
            guard case .truncated(_, let offset, let count)? = Self.error(Array(Self.bytes.prefix(cut))) else {
                Issue.record("cut at \(cut): \(String(describing: Self.error(Array(Self.bytes.prefix(cut)))))")
                continue
            }
            #expect(count == cut && offset <= cut)
        }
        #expect(Self.error(Array(Self.bytes.prefix(15))) == .truncated(field: "minutiae count", offset: 14, byteCount: 15))
        #expect(Self.error(Array(Self.bytes.prefix(15)))!.description
                == "host template is truncated: minutiae count at byte 14 runs past the end of the 15-byte input")
    }

    @Test func badIdentifierIsNamed() {
        var bytes = Self.bytes
        bytes[0..<4] = [0x46, 0x4D, 0x52, 0x00]
        #expect(Self.error(bytes) == .wrongIdentifier(found: [0x46, 0x4D, 0x52, 0x00]))
        #expect(Self.error(bytes)!.description
                == "not a host template: it must start with 50 42 48 54 (\"PBHT\"), found 46 4D 52 00")
    }

    @Test func newerVersionIsRefused() {
        var bytes = Self.bytes
        bytes[4] = 2
        #expect(Self.error(Self.resealed(bytes)) == .unsupportedVersion(2))
        #expect(Self.error(bytes)!.description.contains("version 2 is not supported"))
    }

    @Test func damagedContentFailsTheChecksum() throws {
        var bytes = Self.bytes
        bytes[17] ^= 0x01  // one bit of the first minutia's x
        guard case let .checksumMismatch(stored, computed)? = Self.error(bytes) else {
            Issue.record("accepted or wrong error: \(String(describing: Self.error(bytes)))")
            return
        }
        #expect(stored != computed)
        #expect(Self.error(bytes)!.description.hasPrefix("host template is damaged"))
    }

    @Test func minutiaeCountAboveTheLimitIsAnInvalidField() {
        var bytes = Self.bytes
        bytes[14...15] = [0x03, 0xE9]  // 1,001
        #expect(Self.error(Self.resealed(bytes))
                == .invalidField(field: "minutiae count", offset: 14, value: 1_001, allowed: "0–1000"))
    }

    /// A wrong count shifts every later field: the first one out of range is named, never accepted.
    @Test func wrongMinutiaeCountsAreRejected() {
        func error(count: UInt8) -> HostTemplateError? {
            var bytes = Self.bytes
            bytes[15] = count
            return Self.error(Self.resealed(bytes))
        }
        // One too many: the map header is read as minutia 4, whose type byte is 0xF4.
        #expect(error(count: 5) == .invalidField(field: "minutia 4 type", offset: 54, value: 244, allowed: "0–2"))
        // One too few: minutia 3 is read as the map header, giving a block size of 0.
        guard case let .invalidField(field, _, value, _)? = error(count: 3) else {
            Issue.record("count 3: \(String(describing: error(count: 3)))")
            return
        }
        #expect(field == "foreground block size" && value == 0)
        // None: the first minutia is read as an 82 × 1,607 map, whose flags run past the end.
        guard case let .truncated(field: truncatedField, _, byteCount)? = error(count: 0) else {
            Issue.record("count 0: \(String(describing: error(count: 0)))")
            return
        }
        #expect(truncatedField == "foreground flags" && byteCount == Self.bytes.count)
    }

    @Test func outOfRangeFieldsNameFieldAndOffset() {
        var bytes = Self.bytes
        bytes[12] = 101  // image quality
        let error = Self.error(Self.resealed(bytes))
        #expect(error == .invalidField(field: "image quality", offset: 12, value: 101, allowed: "0–100"))
        #expect(error?.description == "host template: image quality at byte 12 is 101; allowed: 0–100")
        var kind = Self.bytes
        kind[16 + 6] = 3  // first minutia's type
        #expect(Self.error(Self.resealed(kind)) == .invalidField(field: "minutia 0 type", offset: 22, value: 3, allowed: "0–2"))
        var flags = Self.bytes
        flags[5] = 1
        #expect(Self.error(Self.resealed(flags)) == .invalidField(field: "flags", offset: 5, value: 1, allowed: "0"))
        var reserved = Self.bytes
        reserved[13] = 7
        #expect(Self.error(Self.resealed(reserved)) == .invalidField(field: "reserved byte", offset: 13, value: 7, allowed: "0"))
    }

    @Test func trailingBytesAreRejected() {
        #expect(Self.error(Self.bytes + [0, 0, 0]) == .trailingBytes(count: 3))
    }

    @Test func unwritableFeaturesAreRefused() {
        var many = Self.features
        many.minutiae = Array(repeating: Self.features.minutiae[0], count: HostTemplate.maximumMinutiae + 1)
        #expect(throws: HostTemplateError.self) { try HostTemplate(many).encoded() }
        var outside = Self.features
        outside.minutiae[0].x = 300
        #expect {
            try HostTemplate(outside).encoded()
        } throws: { error in
            (error as? HostTemplateError)?.description.contains("minutia 0 position") == true
        }
    }
}
