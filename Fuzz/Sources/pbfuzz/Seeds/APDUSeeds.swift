import APDU
import VirtualCard

/// Starting inputs for the APDU targets: the commands, responses, TLV objects and ATRs that
/// Tests/APDUTests and the virtual card use.
enum APDUSeeds {
    static var commands: [FuzzSeed] {
        [
            ("case1", "00A40000"),
            ("case2-short", "00B0000010"),
            ("case2-short-256", "00B0000000"),
            ("case2-extended", "00B0000000000A"),
            ("case3-short", "00A4040006A000000084"),
            ("case4-short", "00A4040008F07062746F6F6C0100"),
            ("case3-extended", "00D6000000000311AABB"),
            ("case4-extended", "002A00000000 01 AA 0000"),
            ("verify-pin", "0020008108 3132333400000000"),
            ("chained", "10DA000003010203"),
        ].map { FuzzSeed($0.0, hex($0.1)) }
    }

    static var responses: [FuzzSeed] {
        [("ok", "9000"), ("data", "0102030405 9000"), ("more", "6110"), ("wrong-le", "6C08"),
         ("retries", "0102 63C2"), ("fci", "6F098407F07062746F6F6C01 9000")]
            .map { FuzzSeed($0.0, hex($0.1)) }
    }

    static var hexTexts: [FuzzSeed] {
        ["00A40400", "00 A4 04 00 06 A0 00 00 00 84 00", "3B:8A:80:01", "0x00 0xA4", "0x00A4, 0x0400\t\n"]
            .enumerated().map { FuzzSeed("text\($0.offset)", Array($0.element.utf8)) }
    }

    static var berTLVs: [FuzzSeed] {
        [
            // The biometric information template of Tests/APDUTests/BERTLVTests.swift.
            ("bit", "7F 60 1F 83 01 92 A1 1A 81 01 08 82 01 09 87 02 01 01 88 02 00 06 B1 0A 81 02 0C 3C 82 01 05 83 01 00"),
            ("padding", "00 FF 87 01 01 00 00 88 01 02 FF"),
            ("long-tag", "1F 81 81 81 01 00"),
            ("long-length", "04 81 03 010203"),
            ("fci", "6F 09 84 07 F07062746F6F6C01"),
            ("nested", "E1 0A E2 08 E3 06 04 04 01020304"),
        ].map { FuzzSeed($0.0, hex($0.1)) }
    }

    static var simpleAndCompactTLVs: [FuzzSeed] {
        [("simple", "01 02 AABB 02 00"), ("simple-long", "05 FF 0003 010203"),
         ("compact", "31 F8 73 F7 41 E0"), ("compact-status", "82 90 00")]
            .map { FuzzSeed($0.0, hex($0.1)) }
    }

    static var atrs: [FuzzSeed] {
        [
            ("virtual-card", VirtualCard.defaultATR.hexString()),
            ("t1", "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 75"),
            ("t0", "3B 76 12 00 00 00 9C 11 01 03 03"),
            ("t15", "3B DB 96 00 80 B1 FE 45 1F 83 00 31 C0 64 C7 FC 10 00 01 90 00 74"),
            ("proprietary-historical", "3B EF 00 FF 81 31 42 45 01 02 03 38"),
            ("inverse", "3F 00"),
            ("interface-chain", "3B C0 FF 90 81 81 11 20"),
        ].map { FuzzSeed($0.0, hex($0.1)) }
    }

    /// Literal hex in this file is checked by hand; a typo is a programming error.
    static func hex(_ text: String) -> [UInt8] {
        do { return try [UInt8](hex: text) } catch { fatalError("seed hex \(text): \(error)") }
    }
}
