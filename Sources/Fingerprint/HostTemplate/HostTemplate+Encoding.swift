import Foundation

extension HostTemplate {
    /// The template in the host format (see ``HostTemplate`` for the layout).
    ///
    /// Throws ``HostTemplateError/notRepresentable(field:value:allowed:)`` when a value does
    /// not fit the format (more than ``maximumMinutiae`` minutiae, an image over 65,535 pixels …).
    public func encoded() throws -> [UInt8] {
        let f = features
        try check("image width", f.width, 1...65_535)
        try check("image height", f.height, 1...65_535)
        try check("resolution (tenths of a dpi)", tenthsOfDPI(f.dpi), 1_000...20_000)
        try check("image quality", f.quality, 0...100)
        try check("minutiae count", f.minutiae.count, 0...Self.maximumMinutiae)
        let map = f.foreground
        try check("foreground columns", map.columns, 1...4_096)
        try check("foreground rows", map.rows, 1...4_096)
        try check("foreground block size", map.blockSize, 1...255)
        try check("foreground resolution", Int(map.resolution.rounded()), 1...65_535)
        var bytes = Self.identifier + [Self.version, 0]
        bytes.appendBigEndian(UInt16(f.width))
        bytes.appendBigEndian(UInt16(f.height))
        bytes.appendBigEndian(UInt16(tenthsOfDPI(f.dpi)))
        bytes += [UInt8(f.quality), 0]
        bytes.appendBigEndian(UInt16(f.minutiae.count))
        for (index, minutia) in f.minutiae.enumerated() {
            try bytes += encoded(minutia, index: index)
        }
        bytes.appendBigEndian(UInt16(map.columns))
        bytes.appendBigEndian(UInt16(map.rows))
        bytes.append(UInt8(map.blockSize))
        bytes.appendBigEndian(UInt16(map.resolution.rounded()))
        bytes += Self.packed(map.flags)
        bytes.appendBigEndian(CRC32.checksum(bytes))
        return bytes
    }

    private func encoded(_ minutia: Minutia, index: Int) throws -> [UInt8] {
        let x = (minutia.x * Self.positionSteps).rounded(), y = (minutia.y * Self.positionSteps).rounded()
        guard x.isFinite, y.isFinite, x >= 0, y >= 0,
              x <= Double(features.width) * Self.positionSteps, y <= Double(features.height) * Self.positionSteps,
              x <= 65_535, y <= 65_535 else {
            throw HostTemplateError.notRepresentable(field: "minutia \(index) position", value: "(\(minutia.x), \(minutia.y))",
                                                     allowed: "inside the \(features.width)×\(features.height) image")
        }
        guard minutia.direction.isFinite else {
            throw HostTemplateError.notRepresentable(field: "minutia \(index) direction", value: "\(minutia.direction)",
                                                     allowed: "a finite angle")
        }
        try check("minutia \(index) quality", minutia.quality, 0...100)
        var turn = (minutia.direction / (2 * .pi)).truncatingRemainder(dividingBy: 1)
        if turn < 0 { turn += 1 }
        let direction = UInt16(Int((turn * Self.directionSteps).rounded()) % Int(Self.directionSteps))
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt16(x))
        bytes.appendBigEndian(UInt16(y))
        bytes.appendBigEndian(direction)
        bytes += [minutia.kind.rawValue, UInt8(minutia.quality)]
        return bytes
    }

    private func tenthsOfDPI(_ dpi: Double) -> Int {
        dpi.isFinite ? Int((dpi * 10).rounded()) : -1
    }

    private func check(_ field: String, _ value: Int, _ allowed: ClosedRange<Int>) throws {
        guard allowed.contains(value) else {
            throw HostTemplateError.notRepresentable(field: field, value: "\(value)",
                                                     allowed: "\(allowed.lowerBound)–\(allowed.upperBound)")
        }
    }

    /// Flags as bits, most significant first, the last byte padded with zeros.
    static func packed(_ flags: [Bool]) -> [UInt8] {
        stride(from: 0, to: flags.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, bit in
                start + bit < flags.count && flags[start + bit] ? byte | (0x80 >> UInt8(bit)) : byte
            }
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func appendBigEndian(_ value: UInt32) {
        appendBigEndian(UInt16(value >> 16))
        appendBigEndian(UInt16(value & 0xFFFF))
    }
}
