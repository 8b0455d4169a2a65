import APDU
import Foundation
import Testing

/// BER-TLV fixtures are built with the builder, never typed with hand-counted lengths.
@Suite struct BERTLVTests {
    /// The pb-iso BIT for the right index finger (docs/card-formats.md).
    static let rightIndexBIT = BERTLV(0x7F60) {
        BERTLV(0x83, [0x92])
        BERTLV(0xA1) {
            BERTLV(0x81, [0x08])
            BERTLV(0x82, [0x09])
            BERTLV(0x87, [0x01, 0x01])
            BERTLV(0x88, [0x00, 0x06])
            BERTLV(0xB1) {
                BERTLV(0x81, [0x0C, 0x3C])
                BERTLV(0x82, [0x05])
                BERTLV(0x83, [0x00])
            }
        }
    }

    static let bitGroup = BERTLV(0x7F61) {
        BERTLV(0x02, [0x01])
        rightIndexBIT
    }

    @Test func builderMatchesTheReferenceEncoding() throws {
        // Cross-check against a hand-verified vector, its lengths counted by hand once.
        let reference = try [UInt8](hex: "7F 60 1F 83 01 92 A1 1A 81 01 08 82 01 09 87 02 01 01 88 02 00 06 B1 0A 81 02 0C 3C 82 01 05 83 01 00")
        #expect(Self.rightIndexBIT.encoded == reference)
    }

    @Test func decodeOfTheEncodingGivesTheSameTree() throws {
        let decoded = try BERTLV(bytes: Self.bitGroup.encoded)
        #expect(decoded == Self.bitGroup)
        #expect(decoded.encoded == Self.bitGroup.encoded)
        #expect(decoded.children.count == 2)
    }

    @Test func pathLookup() throws {
        let objects = [Self.bitGroup]
        #expect(try objects.find("7F61/7F60[0]/A1/87")?.value == [0x01, 0x01])
        #expect(try objects.find("7F61/7F60/A1/B1/81")?.value == [0x0C, 0x3C])
        #expect(try objects.find("7F61/7F60[1]") == nil)
        #expect(try objects.find("7F61/5F50") == nil)
        #expect(try Self.bitGroup.find("7F60/83")?.value == [0x92])
        #expect(Self.bitGroup.first(0x02)?.value == [0x01])
    }

    @Test func indexSelectsAmongSameTagSiblings() throws {
        let group = BERTLV(0x7F61) {
            for reference: UInt8 in [0x91, 0x92, 0x93] {
                BERTLV(0x7F60) { BERTLV(0x83, [reference]) }
            }
        }
        let decoded = try BERTLV(bytes: group.encoded)
        #expect(try decoded.find("7F60[2]/83")?.value == [0x93])
        #expect(decoded.all(0x7F60).count == 3)
    }

    @Test(arguments: ["", "7F61//87", "7F60[x]", "7F60[-1]", "7F60[0", "ZZ", "7F", "00"])
    func malformedPathsAreErrors(path: String) {
        #expect(throws: TLVPath.ParseError.self) { try TLVPath(path) }
    }

    @Test func pathPrintsBack() throws {
        #expect(try TLVPath("7f61/7F60[1]/a1").description == "7F61/7F60[1]/A1")
    }

    @Test(arguments: [(0, [0x00]), (127, [0x7F]), (128, [0x81, 0x80]), (255, [0x81, 0xFF]),
                      (256, [0x82, 0x01, 0x00]), (65_535, [0x82, 0xFF, 0xFF]), (65_536, [0x83, 0x01, 0x00, 0x00]),
                      (16_777_216, [0x84, 0x01, 0x00, 0x00, 0x00])] as [(Int, [UInt8])])
    func lengthFieldsUseTheShortestForm(count: Int, field: [UInt8]) {
        #expect(BERTLV.encodedLength(count) == field)
    }

    @Test(arguments: [1, 127, 128, 255, 256, 300, 65_535, 65_536, 70_000])
    func valuesOfEveryLengthFormRoundTrip(count: Int) throws {
        let object = BERTLV(0x53, [UInt8](repeating: 0xA5, count: count))
        #expect(try BERTLV(bytes: object.encoded) == object)
    }

    @Test func nonMinimalLengthFormsAreAccepted() throws {
        for header in ["5381 03", "5382 0003", "5383 000003", "5384 00000003"] {
            let object = try BERTLV(hex: header + " 010203")
            #expect(object.value == [1, 2, 3])
            #expect(object.encoded == [0x53, 0x03, 1, 2, 3])
        }
    }

    @Test func paddingBetweenObjectsIsSkipped() throws {
        let objects = try BERTLV.decode([UInt8](hex: "00 FF 87 01 01 00 00 88 01 02 FF"))
        #expect(objects.map(\.tag) == [0x87, 0x88])
        let nested = try BERTLV.decode(BERTLV(0x70, [0x00, 0x87, 0x01, 0x01, 0xFF]).encoded)
        #expect(nested[0].children.map(\.tag) == [0x87])
        #expect(nested[0].encoded == BERTLV(0x70, [0x00, 0x87, 0x01, 0x01, 0xFF]).encoded)
    }

    @Test func emptyInputIsNoObjects() throws {
        #expect(try BERTLV.decode([]).isEmpty)
        #expect(throws: TLVError.self) { try BERTLV(bytes: []) }
    }
}
