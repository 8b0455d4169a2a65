import BiometricFormats
import Testing
import FingerprintSynthesis

/// Broken records are rejected with an error naming the field, never a crash or a hang.
@Suite struct MalformedTemplateTests {
    static let iso = TemplateSamples.smallISORecord
    static let ansi = TemplateSamples.smallANSIRecord

    static func error(_ body: () throws -> MinutiaeRecord) -> TemplateError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? TemplateError
        }
    }

    /// A record with an extended data area (type 2, 3 data bytes) after its minutiae.
    static let isoWithExtendedData: [UInt8] = {
        var record = try! ISO19794Record.decode(iso)
        record.views[0].extendedData = [ExtendedDataBlock(typeCode: 2, data: [1, 2, 3])]
        return try! ISO19794Record.encode(record)
    }()

    @Test(arguments: [(TemplateFormat.iso, iso), (.ansi, ansi), (.iso, isoWithExtendedData)])
    func everyTruncationIsRejected(format: TemplateFormat, bytes: [UInt8]) {
        for cut in 0..<bytes.count {
            let prefix = Array(bytes.prefix(cut))
            let error = Self.error { try MinutiaeRecord(bytes: prefix, format: format) }
            #expect(error != nil, "accepted \(cut) of \(bytes.count) bytes")
            switch error {
            case .truncated?, .lengthMismatch?: break
            default: Issue.record("cut at \(cut): unexpected \(String(describing: error))")
            }
        }
    }

    @Test func truncatedMessagesNameTheField() {
        #expect(Self.error { try ISO19794Record.decode(Self.iso.prefix(10)) }
                == .truncated(format: .iso, field: "record length", offset: 8, byteCount: 10))
        #expect(Self.error { try ANSI378Record.decode(Self.ansi.prefix(3)) }
                == .truncated(format: .ansi, field: "format identifier", offset: 0, byteCount: 3))
        #expect(Self.error { try ISO19794Record.decode(Self.iso.prefix(30)) }
                == .lengthMismatch(format: .iso, declared: 42, actual: 30))
        // A length field that agrees with the cut bytes leads to the field that runs out.
        var cut = Array(Self.iso.prefix(36))
        cut[11] = 36
        #expect(Self.error { try ISO19794Record.decode(cut) }
                == .truncated(format: .iso, field: "finger view 1 minutia 2 y", offset: 36, byteCount: 36))
    }

    @Test func wrongMinutiaeCountsAreRejected() {
        for count: UInt8 in [0, 1, 3, 255] {
            var bytes = Self.iso
            bytes[27] = count
            let error = Self.error { try ISO19794Record.decode(bytes) }
            #expect(error != nil, "count \(count) accepted")
            if count == 3 {
                // The third minutia would start where the extended data length is.
                #expect(error == .truncated(format: .iso, field: "finger view 1 minutia 3 y", offset: 42, byteCount: 42))
            } else if count < 2 {
                // The following minutia bytes are read as the extended data block, which does not fit.
                #expect(error.map { "\($0)" }?.contains("finger view 1 extended data") == true)
            }
        }
    }

    @Test func badIdentifiersAndVersionsAreRejected() {
        var identifier = Self.iso
        identifier[0] = 0x47
        #expect(Self.error { try ISO19794Record.decode(identifier) }
                == .wrongFormatIdentifier(format: .iso, found: [0x47, 0x4D, 0x52, 0x00]))
        var version = Self.iso
        version.replaceSubrange(4..<8, with: [0x30, 0x33, 0x30, 0x00])    // "030\0", the 2011 edition
        #expect(Self.error { try ISO19794Record.decode(version) }
                == .unsupportedVersion(format: .iso, found: [0x30, 0x33, 0x30, 0x00]))
        #expect("\(Self.error { try ISO19794Record.decode(version) }!)".contains("30 33 30 00"))
        var ansiVersion = Self.ansi
        ansiVersion[5] = 0x31
        #expect(Self.error { try ANSI378Record.decode(ansiVersion) }
                == .unsupportedVersion(format: .ansi, found: [0x20, 0x31, 0x30, 0x00]))
    }

    @Test func absurdLengthsAreRejected() {
        for length: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0, 0, 0, 23], [0x7F, 0, 0, 0]] {
            var bytes = Self.iso
            bytes.replaceSubrange(8..<12, with: length)
            #expect(Self.error { try ISO19794Record.decode(bytes) }.map { "\($0)" }?.contains("record length") == true)
        }
        var ansiLong = Self.ansi
        ansiLong.replaceSubrange(8..<10, with: [0, 0])     // 0000: a 4-byte length follows
        #expect(Self.error { try ANSI378Record.decode(ansiLong) } != nil)
        var ansiShort = Self.ansi
        ansiShort.replaceSubrange(8..<10, with: [0xFF, 0xFF])
        #expect(Self.error { try ANSI378Record.decode(ansiShort) }
                == .lengthMismatch(format: .ansi, declared: 65535, actual: 44))
    }

    @Test func zeroViewsAndZeroResolutionAreRejected() {
        var noViews = Array(Self.iso.prefix(24))
        noViews[11] = 24
        noViews[22] = 0
        #expect(Self.error { try ISO19794Record.decode(noViews) } == .noFingerViews(format: .iso))
        var noResolution = Self.iso
        noResolution.replaceSubrange(18..<20, with: [0, 0])
        #expect(Self.error { try ISO19794Record.decode(noResolution) }
                == .invalidField(format: .iso, field: "x resolution", offset: 18, value: 0, allowed: "1–65535 pixels per cm"))
    }

    @Test func outOfRangeFieldsAreRejected() {
        var reservedType = Self.iso
        reservedType[28] |= 0xC0
        #expect(Self.error { try ISO19794Record.decode(reservedType) }
                == .invalidField(format: .iso, field: "finger view 1 minutia 1 type", offset: 28, value: 3,
                                 allowed: "0 other, 1 ridge ending, 2 bifurcation (3 is reserved)"))
        var fingerQuality = Self.iso
        fingerQuality[26] = 101
        #expect(Self.error { try ISO19794Record.decode(fingerQuality) }
                == .invalidField(format: .iso, field: "finger view 1 finger quality", offset: 26, value: 101, allowed: "0–100"))
        var minutiaQuality = Self.iso
        minutiaQuality[39] = 200
        #expect(Self.error { try ISO19794Record.decode(minutiaQuality) }
                == .invalidField(format: .iso, field: "finger view 1 minutia 2 quality", offset: 39, value: 200, allowed: "0–100"))
    }

    @Test func inconsistentExtendedDataIsRejected() throws {
        let bytes = Self.isoWithExtendedData    // ... 00 07 | 00 02 | 00 07 | 01 02 03
        let blockLength = bytes.count - 9, itemLength = bytes.count - 5
        for (offset, value) in [(itemLength + 1, 3), (itemLength + 1, 8), (blockLength + 1, 6), (blockLength + 1, 9)] {
            var broken = bytes
            broken[offset] = UInt8(value)
            #expect(Self.error { try ISO19794Record.decode(broken) } != nil, "byte \(offset) = \(value) accepted")
        }
        #expect(try ISO19794Record.decode(bytes).views[0].extendedData == [ExtendedDataBlock(typeCode: 2, data: [1, 2, 3])])
    }

    @Test func trailingBytesAfterTheViewsAreRejected() {
        var bytes = Self.iso + [0xAA, 0xBB]
        bytes[11] = UInt8(bytes.count)
        #expect(Self.error { try ISO19794Record.decode(bytes) } == .lengthMismatch(format: .iso, declared: 44, actual: 42))
    }

    /// Seeded random corruption of valid records: every outcome is a record or a TemplateError.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func randomCorruptionNeverCrashes(seed: UInt64) throws {
        var generator = SplitMix64(seed: 5000 + seed)
        let record = TemplateSamples.record(unitsPerCircle: 256, seed: seed, maximumViews: 2)
        let originals = [try ISO19794Record.encode(record), try ANSI378Record.encode(record),
                         try CompactCardTemplate(bytes: [0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97]).bytes]
        for original in originals {
            for _ in 0..<200 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
                do {
                    _ = try MinutiaeRecord(bytes: bytes)
                } catch {
                    #expect(error is TemplateError)
                }
            }
        }
    }

    @Test func garbageIsUnrecognized() {
        var generator = SplitMix64(seed: 77)
        for length in [1, 2, 4, 5, 7, 100] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) | 0xC0 }
            #expect(throws: TemplateError.self) { try MinutiaeRecord(bytes: bytes) }
        }
    }
}
