import APDU
import Foundation
import Testing

@Suite struct ATRFieldsTests {
    @Test func listingReadsLikeATRAnalysis() throws {
        let lines = try ATR(hex: "3B DB 96 00 80 B1 FE 45 1F 83 00 31 C0 64 C7 FC 10 00 01 90 00 74").fieldLines
        let expected = [
            "TS = 3B: Direct convention",
            "T0 = DB: Y1 = 1101, K = 11 historical byte(s)",
            "TA1 = 96: Fi = 512, Di = 32, 16 cycles/ETU",
            "  - 250000 bits/s at 4 MHz, fMax for Fi = 5 MHz => 312500 bits/s",
            "TC1 = 00: Extra guard time: 0 etu",
            "TD1 = 80: Y2 = 1000, protocol T = 0",
            "TD2 = B1: Y3 = 1011, protocol T = 1",
            "TA3 = FE: IFSC: 254",
            "TB3 = 45: Block waiting integer: 4, character waiting integer: 5",
            "TD3 = 1F: Y4 = 0001, protocol T = 15 (global interface bytes follow)",
            "TA4 = 83: Clock stop: state H; class accepted by the card: A 5 V, B 3 V",
            "Historical bytes = 00 31 C0 64 C7 FC 10 00 01 90 00: 11 byte(s)",
            "  Category indicator = 00: compact-TLV data objects and a mandatory status indicator",
            "  Tag 3, length 1 = C0: card service data byte",
            "    - Application selection: by full DF name",
            "    - Application selection: by partial DF name",
            "    - EF.DIR and EF.ATR access services: by READ RECORD(S) command",
            "    - Card with MF",
            "  Tag 6, length 4 = C7 FC 10 00: pre-issuing data",
            "  Mandatory status indicator (3 last bytes) = 01 90 00: LCS, SW1 SW2",
            "    - LCS (life cycle status): 01 (Creation state)",
            "    - SW: 9000 Normal processing",
            "TCK = 74: correct checksum",
        ]
        #expect(lines == expected)
    }

    @Test func capabilityByteThreeUses7816Of2013() throws {
        let lines = try ATR(hex: "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 75").fieldLines
        #expect(lines.contains("    - Extended length information in EF.ATR/INFO"))
        #expect(lines.contains("    - Maximum number of logical channels: 1"))
        #expect(lines.contains("  Tag 8, length 2 = 90 00: status indicator"))
    }

    @Test func malformedHistoricalBytesAreShownInTheListing() throws {
        let lines = try ATR(hex: "3B 76 12 00 00 00 9C 11 01 03 03").fieldLines
        #expect(lines.contains("TB1 = 00: VPP is not electrically connected"))
        #expect(lines.contains { $0.contains("Problem: malformed compact-TLV under category 00") })
        #expect(lines.last == "    - SW: 0303 Not a valid status word (0303 has no specific meaning in ISO 7816-4)")
    }

    @Test func checksumLines() throws {
        #expect(try ATR(hex: "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 76").fieldLines.last
            == "TCK = 76: WRONG checksum, expected 75")
        #expect(try ATR(hex: "3B 81 01").fieldLines.last == "TCK: missing although required")
    }

    @Test func jsonCarriesEveryPart() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let atr = try ATR(hex: "3B DB 96 00 80 B1 FE 45 1F 83 00 31 C0 64 C7 FC 10 00 01 90 00 74")
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(atr)) as? [String: Any])
        #expect(object["atr"] as? String == "3B DB 96 00 80 B1 FE 45 1F 83 00 31 C0 64 C7 FC 10 00 01 90 00 74")
        #expect(object["protocols"] as? [Int] == [0, 1])
        let t1 = try #require(object["t1"] as? [String: Any])
        #expect(t1["ifsc"] as? Int == 254)
        #expect(t1["defaulted"] as? [String] == ["errorDetection"])
        let t15 = try #require(object["t15"] as? [String: Any])
        #expect(t15["clockStop"] as? String == "stateHigh")
        #expect(t15["classes"] as? [String] == ["a", "b"])
        let checksum = try #require(object["checksum"] as? [String: Any])
        #expect(checksum["status"] as? String == "correct" && checksum["value"] as? String == "74")
        let historical = try #require(object["historicalBytes"] as? [String: Any])
        #expect(historical["category"] as? String == "compactTLVWithStatusIndicator")
        #expect((historical["objects"] as? [[String: Any]])?.count == 2)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)

        let fields = try JSONSerialization.jsonObject(with: encoder.encode(atr.fields)) as? [[String: Any]]
        #expect(fields?.first?["name"] as? String == "TS")
    }
}
