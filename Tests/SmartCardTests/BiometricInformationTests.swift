import APDU
import BiometricFormats
import SmartCard
import Testing

/// BIT group, BIT and BHT: a worked example (docs/card-formats.md), round trips, malformed input.
@Suite struct BiometricInformationTests {
    /// `7F 60 1F 83 01 92 A1 1A 81 01 08 82 01 09 87 02 01 01 88 02 00 06 B1 0A 81 02 0C 3C 82 01 05 83 01 00`.
    private let rightIndexBIT: [UInt8] = try! [UInt8](
        hex: "7F 60 1F 83 01 92 A1 1A 81 01 08 82 01 09 87 02 01 01 88 02 00 06 B1 0A 81 02 0C 3C 82 01 05 83 01 00")

    private var rightIndex: BiometricInformation {
        BiometricInformation(referenceQualifier: 0x92, header: .compactCard(.rightIndex, parameters: .pbISO))
    }

    @Test func buildsTheWorkedExample() {
        #expect(rightIndex.tlv.encoded == rightIndexBIT)
        #expect(BiometricInformation.group([rightIndex]).encoded == [0x7F, 0x61, 0x25, 0x02, 0x01, 0x01] + rightIndexBIT)
    }

    @Test func parsesWhatItBuilds() throws {
        let group = BiometricInformation.group([rightIndex, BiometricInformation(
            referenceQualifier: 0x97, header: .compactCard(.leftIndex, parameters: .pbISO))])
        let parsed = try #require(try BiometricInformation.templates(in: group.encoded, operation: "test"))
        #expect(parsed.map(\.finger) == [.rightIndex, .leftIndex])
        #expect(parsed[0] == rightIndex)
        #expect(parsed[0].header.isCompactCard)
        #expect(parsed[0].header.parameters == .pbISO)
        #expect(parsed[0].header.formatName == "ISO 19794-2 compact card")
    }

    @Test func findsTheGroupInsideAnFCI() throws {
        let fci = BERTLV(0x6F) {
            BERTLV(0x84, [0xF0, 0x50, 0x42, 0x42, 0x4D, 0x01])
            BERTLV(0xA5) { BiometricInformation.group([rightIndex]) }
        }
        let parsed = try BiometricInformation.templates(in: fci.encoded, operation: "SELECT")
        #expect(parsed == [rightIndex])
        #expect(try BiometricInformation.templates(in: BERTLV(0x6F) { BERTLV(0x84, [1, 2, 3, 4, 5]) }.encoded,
                                                   operation: "SELECT") == nil)
    }

    @Test func namesOtherFormats() throws {
        let normal = BiometricHeader(biometricType: 8, subtype: 9, formatOwner: 0x0101, formatType: 0x0004)
        #expect(!normal.isCompactCard)
        #expect(normal.formatName == "ISO 19794-2 normal card")
        let vendor = BiometricHeader(formatOwner: 0x0031, formatType: 0x0102)
        #expect(vendor.formatName == "owner 0031 type 0102")
        #expect(try BiometricHeader(vendor.tlv, operation: "test") == vendor)
    }

    @Test func refusesMalformedTemplates() throws {
        let withoutHeader = BERTLV(0x7F61) {
            BERTLV(0x02, [1])
            BERTLV(0x7F60) { BERTLV(0x83, [0x92]) }
        }
        let countDisagrees = BERTLV(0x7F61) {
            BERTLV(0x02, [2])
            rightIndex.tlv
        }
        func group(_ header: BERTLV, reference: [UInt8] = [0x92]) -> BERTLV {
            BERTLV(0x7F61) {
                BERTLV(0x02, [1])
                BERTLV(0x7F60) {
                    BERTLV(0x83, reference)
                    header
                }
            }
        }
        let cases: [(BERTLV?, [UInt8]?, String)] = [
            (withoutHeader, nil, "BIT without header"),
            (countDisagrees, nil, "count disagrees"),
            (group(BERTLV(0xA1) { BERTLV(0xB1) { BERTLV(0x82, [0x05]) } }), nil, "B1 without 81"),
            (group(BERTLV(0xA1) { BERTLV(0xB1) { BERTLV(0x81, [60, 12]) } }), nil, "empty minutiae range"),
            (group(BERTLV(0xA1) { BERTLV(0xB1) { BERTLV(0x81, [12, 60]); BERTLV(0x82, [5, 5]) } }), nil, "order of 2 bytes"),
            (group(BERTLV(0xA1) { BERTLV(0x87, [0x01]) }), nil, "owner of 1 byte"),
            (group(BERTLV(0xA1) { BERTLV(0x81, [1, 2, 3, 4]) }), nil, "type of 4 bytes"),
            (group(BERTLV(0xA1, []), reference: [0x01, 0x92]), nil, "83 of 2 bytes"),
            (group(BERTLV(0xA0, [])), nil, "A0 instead of A1"),
            (nil, [0x7F, 0x61, 0x05, 0x02, 0x01, 0x01, 0x7F, 0x60], "truncated"),
            (nil, [0x7F], "truncated tag"),
        ]
        for (object, raw, what) in cases {
            let bytes = raw ?? object?.encoded ?? []
            #expect(throws: CardEdgeError.self, "\(what)") { try BiometricInformation.templates(in: bytes, operation: "test") }
        }
    }
}
