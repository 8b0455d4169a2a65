import APDU
import Foundation
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

@Suite struct APDUJSONTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func responseJSON() throws {
        #expect(try json(ResponseAPDU(hex: "0102 63C2"))
            == #"{"category":"warning","data":"0102","meaning":"Verification failed or counter warning, 2 tries left","retriesLeft":2,"statusWord":"63C2"}"#)
    }

    @Test func commandJSON() throws {
        #expect(try json(CommandAPDU(hex: "00A4040002A00000"))
            == #"{"bytes":"00 A4 04 00 02 A0 00 00","case":4,"cla":"00","data":"A000","extendedLength":false,"ins":"A4","ne":256,"p1":"04","p2":"00"}"#)
    }
}
