import APDU
import Foundation
import Testing

@Suite struct BERTLVFormattingTests {
    @Test func listingIndentsChildren() {
        let object = BERTLV(0x7F60) {
            BERTLV(0x83, [0x92])
            BERTLV(0xA1) { BERTLV(0x87, [0x01, 0x01]) }
        }
        #expect(object.description == """
            7F60 (9)
              83 (1) 92
              A1 (4)
                87 (2) 01 01
            """)
    }

    @Test func jsonShape() throws {
        let object = BERTLV(0xA1) { BERTLV(0x87, [0x01, 0x01]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(object), as: UTF8.self)
        #expect(json == #"{"children":[{"length":2,"tag":"87","value":"0101"}],"length":4,"tag":"A1"}"#)
    }
}
