extension CommandAPDU {
    /// Parses raw command bytes, detecting the case and the encoding (7816-4 §5.1).
    ///
    /// The parsed command keeps its encoding, so `bytes` gives the input back unchanged.
    /// - Throws: `APDUError.malformedCommand` naming the inconsistency.
    public init(bytes raw: [UInt8]) throws {
        guard raw.count >= 4 else {
            throw APDUError.malformedCommand(bytes: raw, reason: "\(raw.count) byte(s); the header alone is 4 (CLA INS P1 P2)")
        }
        let body = Array(raw[4...])
        let (data, ne, encoding) = try Self.parseBody(body, raw: raw)
        try self.init(cla: raw[0], ins: raw[1], p1: raw[2], p2: raw[3], data: data, ne: ne, encoding: encoding)
    }

    /// Parses a command typed as hex (`00 A4 04 00 06 A0 00 00 00 84 00`).
    /// - Throws: `HexParseError` for bad hex, `APDUError.malformedCommand` for bad structure.
    public init(hex: String) throws {
        try self.init(bytes: [UInt8](hex: hex))
    }

    private static func parseBody(_ body: [UInt8], raw: [UInt8]) throws
        -> (data: [UInt8], ne: Int?, encoding: LengthEncoding) {
        if body.isEmpty { return ([], nil, .automatic) }
        if body.count == 1 {
            return ([], body[0] == 0 ? maximumShortExpectedLength : Int(body[0]), .short)
        }
        if body[0] != 0x00 {
            return try parseShort(body, raw: raw)
        }
        return try parseExtended(body, raw: raw)
    }

    private static func parseShort(_ body: [UInt8], raw: [UInt8]) throws
        -> (data: [UInt8], ne: Int?, encoding: LengthEncoding) {
        let nc = Int(body[0])
        let data = Array(body.dropFirst().prefix(nc))
        switch body.count {
        case 1 + nc:
            return (data, nil, .short)
        case 2 + nc:
            let le = body[body.count - 1]
            return (data, le == 0 ? maximumShortExpectedLength : Int(le), .short)
        default:
            throw APDUError.malformedCommand(
                bytes: raw, reason: "short Lc = \(nc) needs \(nc) data bytes (+1 optional Le), found \(body.count - 1) byte(s) after Lc")
        }
    }

    private static func parseExtended(_ body: [UInt8], raw: [UInt8]) throws
        -> (data: [UInt8], ne: Int?, encoding: LengthEncoding) {
        guard body.count >= 3 else {
            throw APDUError.malformedCommand(
                bytes: raw, reason: "byte 5 is 00 (extended length) but only \(body.count) length byte(s) follow the header")
        }
        let field = Int(body[1]) << 8 | Int(body[2])
        if body.count == 3 {
            return ([], field == 0 ? maximumExpectedLength : field, .extended)
        }
        guard field != 0 else {
            throw APDUError.malformedCommand(bytes: raw, reason: "extended Lc is 0000 but data follows")
        }
        let data = Array(body.dropFirst(3).prefix(field))
        switch body.count {
        case 3 + field:
            return (data, nil, .extended)
        case 5 + field:
            let le = Int(body[body.count - 2]) << 8 | Int(body[body.count - 1])
            return (data, le == 0 ? maximumExpectedLength : le, .extended)
        default:
            throw APDUError.malformedCommand(
                bytes: raw, reason: "extended Lc = \(field) needs \(field) data bytes (+2 optional Le), found \(body.count - 3) byte(s) after Lc")
        }
    }
}
