import APDU
import Testing

@Suite struct ResponseAPDUTests {
    @Test func splitsDataAndStatusWord() throws {
        let response = try ResponseAPDU(bytes: [0x01, 0x02, 0x90, 0x00])
        #expect(response.data == [0x01, 0x02])
        #expect(response.statusWord == .success)
        #expect(response.isSuccess)
        #expect(response.bytes == [0x01, 0x02, 0x90, 0x00])
    }

    @Test func statusWordAlone() throws {
        let response = try ResponseAPDU(hex: "6A 82")
        #expect(response.data.isEmpty)
        #expect(response.statusWord == .fileNotFound)
        #expect(response.description == "6A82 File or application not found")
    }

    @Test(arguments: [[UInt8](), [0x90]])
    func fewerThanTwoBytesIsAnError(bytes: [UInt8]) {
        #expect(throws: APDUError.responseTooShort(bytes: bytes)) { try ResponseAPDU(bytes: bytes) }
    }

    @Test func tooShortMessageShowsTheBytes() {
        #expect(APDUError.responseTooShort(bytes: [0x90]).description
            == "response APDU 90 is 1 byte(s); it needs at least SW1 SW2")
    }
}
