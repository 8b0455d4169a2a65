import APDU
import Foundation
import Testing

@Suite struct StatusWordTests {
    @Test func splitsIntoSW1AndSW2() {
        let word = StatusWord(sw1: 0x69, sw2: 0x82)
        #expect(word == .securityStatusNotSatisfied)
        #expect(word.sw1 == 0x69 && word.sw2 == 0x82)
        #expect(word.hex == "6982")
        #expect(word.description == "6982 Security status not satisfied")
    }

    @Test(arguments: [
        (StatusWord(rawValue: 0x9000), StatusWord.Category.normal, StatusWord.MemoryEffect?.none),
        (0x6110, .normal, nil),
        (0x6282, .warning, .unchanged),
        (0x63C2, .warning, .changed),
        (0x6400, .executionError, .unchanged),
        (0x6581, .executionError, .changed),
        (0x6700, .checkingError, .unchanged),
        (0x6A82, .checkingError, .unchanged),
        (0x9101, .proprietary, nil),
        (0x6000, .invalid, nil),
        (0x1234, .invalid, nil),
    ] as [(StatusWord, StatusWord.Category, StatusWord.MemoryEffect?)])
    func categoriesFollowTheSW1Groups(word: StatusWord, category: StatusWord.Category,
                                      memory: StatusWord.MemoryEffect?) {
        #expect(word.category == category)
        #expect(word.nonVolatileMemory == memory)
    }

    @Test func successWarningAndErrorFlags() {
        #expect(StatusWord.success.isSuccess && !StatusWord.success.isError)
        #expect(StatusWord(rawValue: 0x6105).isSuccess)
        #expect(StatusWord(rawValue: 0x6283).isWarning)
        #expect(StatusWord.wrongLength.isError && StatusWord(rawValue: 0x6581).isError)
        #expect(!StatusWord(rawValue: 0x9110).isError)
    }

    @Test func retryCounterIsReadFrom63CX() {
        #expect(StatusWord(rawValue: 0x63C2).retriesLeft == 2)
        #expect(StatusWord(rawValue: 0x63C0).retriesLeft == 0)
        #expect(StatusWord(rawValue: 0x63C1).meaning == "Verification failed or counter warning, 1 try left")
        #expect(StatusWord(rawValue: 0x63C3).meaning == "Verification failed or counter warning, 3 tries left")
        #expect(StatusWord(rawValue: 0x6300).retriesLeft == nil)
        #expect(StatusWord(rawValue: 0x6381).retriesLeft == nil)
    }

    @Test func lengthsFrom61XXAnd6CXX() {
        #expect(StatusWord(rawValue: 0x6110).bytesAvailable == 16)
        #expect(StatusWord(rawValue: 0x6100).bytesAvailable == 256)
        #expect(StatusWord(rawValue: 0x6C08).exactLength == 8)
        #expect(StatusWord(rawValue: 0x6C00).exactLength == 256)
        #expect(StatusWord.success.bytesAvailable == nil && StatusWord.success.exactLength == nil)
        #expect(StatusWord(rawValue: 0x6C08).meaning == "Wrong Le; re-send with Le = 8")
    }

    @Test(arguments: [
        (0x6283 as UInt16, "Selected file deactivated"),
        (0x6700, "Wrong length (Lc or Le)"),
        (0x6883, "Last command of the chain expected"),
        (0x6983, "Authentication method blocked"),
        (0x6A82, "File or application not found"),
        (0x6A88, "Referenced data or reference data not found"),
        (0x6D00, "Instruction code not supported or invalid"),
        (0x6E00, "Class not supported"),
    ])
    func tableWordsHaveTheirISOMeaning(raw: UInt16, meaning: String) {
        let word = StatusWord(rawValue: raw)
        #expect(word.meaning == meaning)
        #expect(word.isDefinedByISO)
    }

    @Test func unknownWordsKeepTheirValueAndDescribeTheirGroup() {
        let word = StatusWord(rawValue: 0x6A99)
        #expect(word.rawValue == 0x6A99)
        #expect(!word.isDefinedByISO)
        #expect(word.meaning == "Wrong parameters (6A99 has no specific meaning in ISO 7816-4)")
        #expect(StatusWord(rawValue: 0x91AF).meaning.hasPrefix("Proprietary status"))
        #expect(StatusWord(rawValue: 0x0102).meaning.hasPrefix("Not a valid status word"))
    }

    @Test func encodesAsHexStringInJSON() throws {
        let data = try JSONEncoder().encode([StatusWord(rawValue: 0x63C2)])
        #expect(String(decoding: data, as: UTF8.self) == "[\"63C2\"]")
        #expect(try JSONDecoder().decode([StatusWord].self, from: data) == [0x63C2])
        #expect(throws: (any Error).self) { try JSONDecoder().decode([StatusWord].self, from: Data("[\"90\"]".utf8)) }
    }
}
