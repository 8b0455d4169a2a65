import APDU
import Foundation
import Testing

@Suite struct BERTagTests {
    @Test func classConstructedAndNumber() throws {
        let bit: BERTag = 0x7F60
        #expect(bit.bytes == [0x7F, 0x60])
        #expect(bit.tagClass == .application)
        #expect(bit.isConstructed)
        #expect(bit.number == 0x60)

        let three: BERTag = 0x5FC105
        #expect(three.bytes == [0x5F, 0xC1, 0x05])
        #expect(!three.isConstructed)
        #expect(three.number == (0x41 << 7 | 0x05))

        #expect(BERTag(integerLiteral: 0x87).tagClass == .contextSpecific)
        #expect(BERTag(integerLiteral: 0xA1).isConstructed)
        #expect(BERTag(integerLiteral: 0xC1).tagClass == .private)
        #expect(BERTag(integerLiteral: 0x02).tagClass == .universal)
    }

    @Test func fourByteTagsAreSupported() throws {
        let tag = try BERTag(hex: "1F818101")
        #expect(tag.bytes.count == 4)
        #expect(try BERTLV(bytes: BERTLV(tag, [0x01]).encoded).tag == tag)
    }

    @Test(arguments: ["", "00", "FF", "7F", "7F8001", "5FC1", "1F81818101", "870102"])
    func invalidTagBytes(hex: String) {
        #expect(throws: TLVError.self) { try BERTag(hex: hex) }
    }

    @Test func jsonIsTheHexString() throws {
        let data = try JSONEncoder().encode([BERTag(integerLiteral: 0x7F60)])
        #expect(String(decoding: data, as: UTF8.self) == "[\"7F60\"]")
        #expect(try JSONDecoder().decode([BERTag].self, from: data) == [0x7F60])
    }
}
