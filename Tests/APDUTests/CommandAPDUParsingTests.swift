import APDU
import Testing

@Suite struct CommandAPDUParsingTests {
    /// Commands covering every case and encoding, including the length boundaries.
    static let samples: [CommandAPDU] = {
        let d255 = [UInt8](repeating: 0x55, count: 255), d256 = [UInt8](repeating: 0x56, count: 256)
        return try! [
            CommandAPDU(ins: 0xA4),
            CommandAPDU(ins: 0x84, ne: 1), CommandAPDU(ins: 0x84, ne: 256), CommandAPDU(ins: 0x84, ne: 257),
            CommandAPDU(ins: 0x84, ne: 65_536), CommandAPDU(ins: 0x84, ne: 5, encoding: .extended),
            CommandAPDU(ins: 0xD6, data: [0x01]), CommandAPDU(ins: 0xD6, data: d255), CommandAPDU(ins: 0xD6, data: d256),
            CommandAPDU(ins: 0xD6, data: [0x01], encoding: .extended),
            CommandAPDU(ins: 0xA4, p1: 4, data: [0xA0, 0x00], ne: 256), CommandAPDU(ins: 0x2A, data: d255, ne: 256),
            CommandAPDU(ins: 0x2A, data: d256, ne: 1), CommandAPDU(ins: 0x2A, data: [0x01], ne: 257),
            CommandAPDU(ins: 0x2A, data: d256, ne: 65_536),
        ]
    }()

    @Test(arguments: samples)
    func encodeThenParseGivesTheSameCommand(command: CommandAPDU) throws {
        let parsed = try CommandAPDU(bytes: command.bytes)
        #expect(parsed.bytes == command.bytes)
        #expect(parsed.data == command.data)
        #expect(parsed.ne == command.ne)
        #expect(parsed.apduCase == command.apduCase)
        #expect(parsed.usesExtendedLength == command.usesExtendedLength)
    }

    @Test func detectsEachCase() throws {
        #expect(try CommandAPDU(hex: "00A40000").apduCase == .one)
        #expect(try CommandAPDU(hex: "0084000008").apduCase == .two)
        #expect(try CommandAPDU(hex: "00B0000000000A").apduCase == .two)
        #expect(try CommandAPDU(hex: "00D6000002AABB").apduCase == .three)
        #expect(try CommandAPDU(hex: "00A4040006A0000000840000").apduCase == .four)
    }

    @Test func shortLe00And0000MeanMaximum() throws {
        #expect(try CommandAPDU(hex: "00B0000000").ne == 256)
        #expect(try CommandAPDU(hex: "00B0000000").usesExtendedLength == false)
        #expect(try CommandAPDU(hex: "00B0000000 0000").ne == 65_536)
        #expect(try CommandAPDU(hex: "00 2A 00 00 00 0001 AA 0000").ne == 65_536)
    }

    @Test func parsesTheSelectOfTheIssue() throws {
        let command = try CommandAPDU(hex: "00A4040006A00000008400")
        #expect(command.apduCase == .three)
        #expect(command.data == [0xA0, 0x00, 0x00, 0x00, 0x84, 0x00])
        #expect(command.ne == nil)
    }

    @Test(arguments: [
        ("", "0 byte(s); the header alone is 4 (CLA INS P1 P2)"),
        ("00A400", "3 byte(s); the header alone is 4 (CLA INS P1 P2)"),
        ("00D6000003AABB", "short Lc = 3 needs 3 data bytes (+1 optional Le), found 2 byte(s) after Lc"),
        ("00D6000001AABBCC", "short Lc = 1 needs 1 data bytes (+1 optional Le), found 3 byte(s) after Lc"),
        ("00B0000000AA", "byte 5 is 00 (extended length) but only 2 length byte(s) follow the header"),
        ("00D6000000000011", "extended Lc is 0000 but data follows"),
        ("00D600000000 03 AABB", "extended Lc = 3 needs 3 data bytes (+2 optional Le), found 2 byte(s) after Lc"),
        ("00D600000000 01 AA 00", "extended Lc = 1 needs 1 data bytes (+2 optional Le), found 2 byte(s) after Lc"),
    ])
    func malformedInputIsNamed(hex: String, reason: String) throws {
        let bytes = try [UInt8](hex: hex)
        #expect(throws: APDUError.malformedCommand(bytes: bytes, reason: reason)) { try CommandAPDU(bytes: bytes) }
    }

    @Test func badHexSurfacesAsHexError() {
        #expect(throws: HexParseError.self) { try CommandAPDU(hex: "00 A4 0G 00") }
    }
}
