extension HostTemplate {
    /// Reads a host template, checking every field, the checksum and that nothing follows it.
    ///
    /// Throws ``HostTemplateError`` naming the field and byte offset of the first problem.
    public init(bytes input: some Collection<UInt8>) throws {
        var reader = HostTemplateReader(Array(input))
        let identifier = try reader.bytes(4, "identifier")
        guard identifier == Self.identifier else { throw HostTemplateError.wrongIdentifier(found: identifier) }
        let version = try reader.uint8("version")
        guard version == Self.version else { throw HostTemplateError.unsupportedVersion(version) }
        // Read before the check: an argument read mutates the reader after `expectZero` has captured it.
        let flags = try reader.uint8("flags")
        try reader.expectZero(flags, "flags", size: 1)
        let width = try reader.value("image width", size: 2, allowed: 1...65_535)
        let height = try reader.value("image height", size: 2, allowed: 1...65_535)
        let tenths = try reader.value("resolution (tenths of a dpi)", size: 2, allowed: 1_000...20_000)
        let quality = try reader.value("image quality", size: 1, allowed: 0...100)
        let reserved = try reader.uint8("reserved byte")
        try reader.expectZero(reserved, "reserved byte", size: 1)
        let count = try reader.value("minutiae count", size: 2, allowed: 0...Self.maximumMinutiae)
        var minutiae: [Minutia] = []
        minutiae.reserveCapacity(count)
        for index in 0..<count {
            minutiae.append(try Self.minutia(&reader, index: index, width: width, height: height))
        }
        let foreground = try Self.foreground(&reader)
        let content = reader.offset
        let stored = try reader.uint32("checksum")
        let computed = CRC32.checksum(reader.bytes[0..<content])
        guard stored == computed else { throw HostTemplateError.checksumMismatch(stored: stored, computed: computed) }
        guard reader.remaining == 0 else { throw HostTemplateError.trailingBytes(count: reader.remaining) }
        self.init(FingerprintFeatures(minutiae: minutiae, width: width, height: height, dpi: Double(tenths) / 10,
                                      foreground: foreground, quality: quality))
    }

    private static func minutia(_ reader: inout HostTemplateReader, index: Int, width: Int, height: Int) throws -> Minutia {
        let x = try reader.value("minutia \(index) x", size: 2, allowed: 0...(width * Int(positionSteps)))
        let y = try reader.value("minutia \(index) y", size: 2, allowed: 0...(height * Int(positionSteps)))
        let direction = try reader.value("minutia \(index) direction", size: 2, allowed: 0...65_535)
        let kindCode = try reader.value("minutia \(index) type", size: 1, allowed: 0...2)
        let quality = try reader.value("minutia \(index) quality", size: 1, allowed: 0...100)
        return Minutia(x: Double(x) / positionSteps, y: Double(y) / positionSteps,
                       direction: Double(direction) / directionSteps * 2 * .pi,
                       kind: Minutia.Kind(rawValue: UInt8(kindCode)) ?? .other, quality: quality)
    }

    private static func foreground(_ reader: inout HostTemplateReader) throws -> ForegroundMap {
        let columns = try reader.value("foreground columns", size: 2, allowed: 1...4_096)
        let rows = try reader.value("foreground rows", size: 2, allowed: 1...4_096)
        let blockSize = try reader.value("foreground block size", size: 1, allowed: 1...255)
        let resolution = try reader.value("foreground resolution", size: 2, allowed: 1...65_535)
        let packed = try reader.bytes((columns * rows + 7) / 8, "foreground flags")
        let flags = (0..<(columns * rows)).map { packed[$0 / 8] & (0x80 >> UInt8($0 % 8)) != 0 }
        let unusedBits = packed.count * 8 - flags.count
        if unusedBits > 0, let last = packed.last, last & ((1 << UInt8(unusedBits)) - 1) != 0 {
            throw HostTemplateError.invalidField(field: "foreground flags padding", offset: reader.offset - 1,
                                                 value: Int(last), allowed: "unused low bits 0")
        }
        return ForegroundMap(columns: columns, rows: rows, blockSize: blockSize, resolution: Double(resolution), flags: flags)
    }
}

/// Reads big-endian fields in order, naming the field in every error.
///
/// Field names are worded only for an error: a 1:N search decodes thousands of templates, and
/// wording every field of every minutia cost more than reading it.
private struct HostTemplateReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func bytes(_ count: Int, _ field: @autoclosure () -> String) throws -> [UInt8] {
        try ensure(count, field)
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func uint8(_ field: @autoclosure () -> String) throws -> UInt8 {
        UInt8(try unsigned(1, field))
    }

    mutating func uint32(_ field: @autoclosure () -> String) throws -> UInt32 {
        UInt32(try unsigned(4, field))
    }

    /// An unsigned big-endian field of `size` bytes that must lie in `allowed`.
    mutating func value(_ field: @autoclosure () -> String, size: Int, allowed: ClosedRange<Int>) throws -> Int {
        let value = try unsigned(size, field)
        guard allowed.contains(value) else {
            throw HostTemplateError.invalidField(field: field(), offset: offset - size, value: value,
                                                 allowed: "\(allowed.lowerBound)–\(allowed.upperBound)")
        }
        return value
    }

    func expectZero(_ value: UInt8, _ field: @autoclosure () -> String, size: Int) throws {
        guard value == 0 else {
            throw HostTemplateError.invalidField(field: field(), offset: offset - size, value: Int(value), allowed: "0")
        }
    }

    private mutating func unsigned(_ size: Int, _ field: () -> String) throws -> Int {
        try ensure(size, field)
        var value = 0
        for index in offset..<(offset + size) { value = value << 8 | Int(bytes[index]) }
        offset += size
        return value
    }

    private func ensure(_ count: Int, _ field: () -> String) throws {
        guard count <= remaining else {
            throw HostTemplateError.truncated(field: field(), offset: offset, byteCount: bytes.count)
        }
    }
}
