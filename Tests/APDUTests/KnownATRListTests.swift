import APDU
import Foundation
import Testing

@Suite struct KnownATRListTests {
    static let sample = """
        #
        # smartcard_list.txt excerpt written for this test
        #

        3B 76 12 00 00 00 9C 11 01 03 03
        \tPrecise BioMatch (TM) JavaCard (Schlumberger)
        \twww.precisebiometrics.com

        3B 76 1. 00 00 00 9C 11 01 .. ..
        \tSchlumberger Cyberflex (any)

        3b 8a 80 01 80 31 f8 73 f7 41 e0 82 90 00 75
        \tePerso - German ID card
        # a comment between entries
        \r
        3B 39 19 00 53 4F 4D 41 44 53 33 30 3[1,3]
        \tSomething with a character class

        3B EF 00 FF 81 31 42 45 .* 38
        \tSomething with a star

        3B 00 ((
        \tA broken pattern

        3B 02 14 50
        3B 02 14 51
        \tTwo patterns, one card
        """

    private let list = KnownATRList(text: sample)

    private func names(_ hex: String) throws -> [String] {
        list.descriptions(for: try [UInt8](hex: hex))
    }

    @Test func parsesEntriesAndSkipsComments() {
        #expect(list.entries.count == 8)
        #expect(list.entries[0].descriptions == ["Precise BioMatch (TM) JavaCard (Schlumberger)", "www.precisebiometrics.com"])
        #expect(list.entries[0].line == 5)
        #expect(list.strayLines.isEmpty)
    }

    @Test func returnsEveryMatchInFileOrder() throws {
        let matches = list.matches(for: try [UInt8](hex: "3B 76 12 00 00 00 9C 11 01 03 03"))
        #expect(matches.map(\.pattern) == ["3B 76 12 00 00 00 9C 11 01 03 03", "3B 76 1. 00 00 00 9C 11 01 .. .."])
    }

    @Test func dotsMatchOneCharacterAndLengthMustAgree() throws {
        #expect(try names("3B 76 13 00 00 00 9C 11 01 02 02") == ["Schlumberger Cyberflex (any)"])
        #expect(try names("3B 76 13 00 00 00 9C 11 01 02").isEmpty)
        #expect(try names("3B 76 13 00 00 00 9C 11 01 02 02 00").isEmpty)
    }

    @Test func patternsAreCaseInsensitive() throws {
        #expect(try names("3B8A80018031F873F741E082900075") == ["ePerso - German ID card"])
    }

    @Test func regexPatterns() throws {
        #expect(try names("3B 39 19 00 53 4F 4D 41 44 53 33 30 33") == ["Something with a character class"])
        #expect(try names("3B 39 19 00 53 4F 4D 41 44 53 33 30 32").isEmpty)
        #expect(try names("3B EF 00 FF 81 31 42 45 01 02 03 38") == ["Something with a star"])
        #expect(try names("3B EF 00 FF 81 31 42 45 01 02 03 39").isEmpty)
    }

    @Test func brokenPatternMatchesNothing() throws {
        #expect(list.entries.contains { $0.pattern == "3B 00 ((" })
        #expect(try names("3B 00").isEmpty)
        #expect(try names("3B 00 28 28").isEmpty)
    }

    @Test func consecutivePatternsShareTheirDescriptions() throws {
        #expect(try names("3B 02 14 50") == ["Two patterns, one card"])
        #expect(try names("3B 02 14 51") == ["Two patterns, one card"])
    }

    @Test func descriptionParagraphsAfterAnEmptyLineStayWithTheirEntry() throws {
        let list = KnownATRList(text: "3B 00\n\tfirst\n\n\tmore about it\n\n3B 01 AA\n\tsecond\n")
        #expect(list.entries.map(\.descriptions) == [["first", "more about it"], ["second"]])
    }

    @Test func crlfLineEndings() throws {
        let list = KnownATRList(text: "# c\r\n3B 00\r\n\tfirst\r\n\r\n3B 01 AA\r\n\tsecond\r\n")
        #expect(list.descriptions(for: [0x3B, 0x01, 0xAA]) == ["second"])
        #expect(list.entries.count == 2)
    }

    @Test func strayDescriptionsAreReported() {
        let odd = KnownATRList(text: "\tno pattern yet\n\n3B 00\n\tok\n")
        #expect(odd.strayLines == [1])
        #expect(odd.entries.count == 1)
        #expect(KnownATRList(text: "").entries.isEmpty)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pcsc/smartcard_list.txt"), "needs pcsc-tools' smartcard_list.txt"))
    func theInstalledListNamesTheReferenceCards() throws {
        let list = KnownATRList(text: try String(contentsOfFile: "/usr/share/pcsc/smartcard_list.txt", encoding: .utf8))
        #expect(list.entries.count > 3_500)
        #expect(list.strayLines.isEmpty)
        #expect(list.descriptions(for: try [UInt8](hex: "3B 76 12 00 00 00 9C 11 01 03 03"))
            .contains("Precise BioMatch (TM) JavaCard (Schlumberger)"))
        #expect(list.descriptions(for: try [UInt8](hex: "3B DB 96 00 80 B1 FE 45 1F 83 00 31 C0 64 C7 FC 10 00 01 90 00 74"))
            .contains("Oberthur Cosmo (eID)"))
        #expect(list.descriptions(for: try [UInt8](hex: "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 75"))
            .contains("ePerso - German ID card"))
        #expect(list.matches(for: [0x3B, 0x00, 0x00]).isEmpty)
    }
}
