import APDU
import Testing

@Suite struct HexTests {
    @Test(arguments: [
        "00A40400", "00 A4 04 00", "00:a4:04:00", "0x00 0xA4 0x04 0x00", "0x00A40400",
        "  00 A4\t04\n00  ", "00,A4,04,00",
    ])
    func acceptsTheUsualSpellings(_ text: String) throws {
        #expect(try [UInt8](hex: text) == [0x00, 0xA4, 0x04, 0x00])
    }

    @Test func emptyTextIsNoBytes() throws {
        #expect(try [UInt8](hex: "").isEmpty)
        #expect(try [UInt8](hex: "  : ").isEmpty)
    }

    @Test func namesTheBadDigitAndWhereItIs() {
        #expect(throws: HexParseError(token: "0G", position: 4, problem: .notAHexDigit("G"))) {
            try [UInt8](hex: "00 0G 11")
        }
    }

    @Test func rejectsOddDigitCounts() {
        #expect(throws: HexParseError(token: "ABC", position: 1, problem: .oddDigitCount(3))) {
            try [UInt8](hex: "ABC")
        }
    }

    @Test func rejectsBarePrefix() {
        #expect(throws: HexParseError(token: "0x", position: 4, problem: .emptyAfterPrefix)) {
            try [UInt8](hex: "00 0x")
        }
    }

    @Test func rejectsNonASCIIDigitLookalikes() {
        // Full-width digits have a hexDigitValue in Swift but are not hex a user meant.
        #expect(throws: HexParseError.self) { try [UInt8](hex: "０１") }
    }

    @Test func errorMessageNamesTokenAndPosition() {
        let error = HexParseError(token: "ZZ", position: 7, problem: .notAHexDigit("Z"))
        #expect(error.description == "invalid hex \"ZZ\" at position 7: 'Z' is not a hex digit")
    }

    @Test func formatsUpperCaseWithSeparator() {
        #expect([0x3B, 0x8A, 0x0F].hexString() == "3B 8A 0F")
        #expect([0x3B, 0x8A].hexString(separator: "") == "3B8A")
        #expect([UInt8]().hexString() == "")
    }
}
