import APDU
import Testing

@Suite struct CommandAPDUTests {
    @Test func case1IsTheHeaderAlone() throws {
        let command = try CommandAPDU(cla: 0x00, ins: 0xA4, p1: 0x00, p2: 0x00)
        #expect(command.apduCase == .one)
        #expect(command.bytes == [0x00, 0xA4, 0x00, 0x00])
        #expect(!command.usesExtendedLength)
        #expect(try CommandAPDU(ins: 0xA4, encoding: .extended).bytes == [0x00, 0xA4, 0x00, 0x00])
    }

    @Test func case2ShortWritesLeAndLe00Means256() throws {
        #expect(try CommandAPDU(ins: 0x84, ne: 8).bytes == [0x00, 0x84, 0x00, 0x00, 0x08])
        #expect(try CommandAPDU(ins: 0x84, ne: 256).bytes == [0x00, 0x84, 0x00, 0x00, 0x00])
        #expect(try CommandAPDU(ins: 0x84, ne: 8).apduCase == .two)
    }

    @Test func case2GoesExtendedAbove256() throws {
        let command = try CommandAPDU(ins: 0xB0, ne: 257)
        #expect(command.usesExtendedLength)
        #expect(command.bytes == [0x00, 0xB0, 0x00, 0x00, 0x00, 0x01, 0x01])
        #expect(try CommandAPDU(ins: 0xB0, ne: 65_536).bytes == [0x00, 0xB0, 0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(try CommandAPDU(ins: 0xB0, ne: 65_535).bytes == [0x00, 0xB0, 0x00, 0x00, 0x00, 0xFF, 0xFF])
    }

    @Test func case3ShortAndExtendedBoundary() throws {
        let short = try CommandAPDU(ins: 0xD6, data: [UInt8](repeating: 0xAB, count: 255))
        #expect(!short.usesExtendedLength)
        #expect(short.bytes.count == 5 + 255)
        #expect(short.bytes[4] == 0xFF)
        #expect(short.apduCase == .three)

        let extended = try CommandAPDU(ins: 0xD6, data: [UInt8](repeating: 0xAB, count: 256))
        #expect(extended.usesExtendedLength)
        #expect(Array(extended.bytes[4...6]) == [0x00, 0x01, 0x00])
        #expect(extended.bytes.count == 7 + 256)
    }

    @Test func case4ShortIsLcDataLe() throws {
        let select = try CommandAPDU(ins: 0xA4, p1: 0x04, data: [0xA0, 0x00, 0x00, 0x00, 0x84, 0x00], ne: 256)
        #expect(select.apduCase == .four)
        #expect(select.bytes == [0x00, 0xA4, 0x04, 0x00, 0x06, 0xA0, 0x00, 0x00, 0x00, 0x84, 0x00, 0x00])
    }

    @Test func case4ExtendedLeHasNoLeading00() throws {
        let command = try CommandAPDU(ins: 0x2A, p1: 0x9E, p2: 0x9A, data: [0x01, 0x02], ne: 65_536)
        #expect(command.usesExtendedLength)
        #expect(command.bytes == [0x00, 0x2A, 0x9E, 0x9A, 0x00, 0x00, 0x02, 0x01, 0x02, 0x00, 0x00])
        let ne257 = try CommandAPDU(ins: 0x2A, data: [0x01], ne: 257)
        #expect(Array(ne257.bytes.suffix(2)) == [0x01, 0x01])
    }

    @Test func extendedCanBeForcedForSmallLengths() throws {
        let command = try CommandAPDU(ins: 0xB0, ne: 16, encoding: .extended)
        #expect(command.bytes == [0x00, 0xB0, 0x00, 0x00, 0x00, 0x00, 0x10])
        let case3 = try CommandAPDU(ins: 0xD6, data: [0x01], encoding: .extended)
        #expect(case3.bytes == [0x00, 0xD6, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01])
    }

    @Test func forcedShortRejectsLongLengths() {
        #expect(throws: APDUError.tooLongForShortEncoding(dataCount: 256, expectedLength: nil)) {
            try CommandAPDU(ins: 0xD6, data: [UInt8](repeating: 0, count: 256), encoding: .short)
        }
        #expect(throws: APDUError.tooLongForShortEncoding(dataCount: 0, expectedLength: 257)) {
            try CommandAPDU(ins: 0xB0, ne: 257, encoding: .short)
        }
        #expect(throws: Never.self) { try CommandAPDU(ins: 0xB0, ne: 256, encoding: .short) }
    }

    @Test func lengthLimits() {
        #expect(throws: APDUError.dataTooLong(count: 65_536)) {
            try CommandAPDU(ins: 0xD6, data: [UInt8](repeating: 0, count: 65_536))
        }
        #expect(throws: Never.self) { try CommandAPDU(ins: 0xD6, data: [UInt8](repeating: 0, count: 65_535)) }
        #expect(throws: APDUError.expectedLengthOutOfRange(65_537)) { try CommandAPDU(ins: 0xB0, ne: 65_537) }
        #expect(throws: APDUError.expectedLengthOutOfRange(0)) { try CommandAPDU(ins: 0xB0, ne: 0) }
        #expect(throws: APDUError.expectedLengthOutOfRange(-1)) { try CommandAPDU(ins: 0xB0, ne: -1) }
    }

    @Test func errorMessagesNameTheLimit() {
        #expect(APDUError.dataTooLong(count: 70_000).description
            == "command data is 70000 bytes; the maximum (extended length) is 65535")
        #expect(APDUError.tooLongForShortEncoding(dataCount: 300, expectedLength: 10).description
            == "short encoding allows Nc ≤ 255 and Ne ≤ 256, got Nc = 300, Ne = 10")
    }

    @Test func withExpectedLengthKeepsEverythingElse() throws {
        let command = try CommandAPDU(cla: 0x01, ins: 0xCA, p1: 0x9F, p2: 0x7F, ne: 256)
        let resent = try command.withExpectedLength(0x2D)
        #expect(resent.bytes == [0x01, 0xCA, 0x9F, 0x7F, 0x2D])
    }

    @Test func classByteAccessorWritesCLA() throws {
        var command = try CommandAPDU(ins: 0xA4)
        command.classByte = try ClassByte(channel: 2)
        #expect(command.cla == 0x02)
        #expect(command.classByte.channel == 2)
    }
}
