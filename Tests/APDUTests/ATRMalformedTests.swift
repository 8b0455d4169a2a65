import APDU
import Foundation
import Testing
import TestSupport
import FingerprintSynthesis

@Suite struct ATRMalformedTests {
    private func codes(_ hex: String) throws -> [ATRWarning.Code] { try ATR(hex: hex).warnings.map(\.code) }

    @Test func emptyAndTSOnly() throws {
        #expect(ATR(bytes: []).warnings.map(\.code) == [.truncated])
        #expect(ATR(bytes: []).convention == nil)
        #expect(try codes("3B") == [.truncated])
        #expect(try ATR(hex: "3B").warnings[0].message == "ATR truncated after TS: T0 missing")
    }

    @Test func announcedInterfaceByteMissing() throws {
        let atr = try ATR(hex: "3B 8A 80")
        #expect(atr.warnings.map(\.code) == [.truncated])
        #expect(atr.warnings[0].message == "ATR truncated: TD2 announced but missing")
        #expect(atr.interfaceBytes.map(\.name) == ["TD1"])
    }

    @Test func historicalBytesShorterThanK() throws {
        let atr = try ATR(hex: "3B 8A 80 01 80 31 F8")
        #expect(atr.warnings.map(\.code) == [.truncated])
        #expect(atr.warnings[0].message == "ATR truncated: T0 announces 10 historical bytes, 3 present")
        #expect(atr.historicalBytes.bytes == [0x80, 0x31, 0xF8])
        #expect(atr.checksum == .missing)
    }

    @Test func wrongTCK() throws {
        let atr = try ATR(hex: "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 76")
        #expect(atr.checksum == .incorrect(0x76, expected: 0x75))
        #expect(atr.warnings.map(\.code) == [.checksumIncorrect])
    }

    @Test func missingTCK() throws {
        let atr = try ATR(hex: "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00")
        #expect(atr.checksum == .missing)
        #expect(atr.warnings.map(\.code) == [.checksumMissing])
    }

    @Test func tckAlthoughOnlyT0() throws {
        let atr = ATR(bytes: ATRFixtures.withTCK("3B 76 12 00 00 00 9C 11 01 03 03"))
        #expect(atr.warnings.map(\.code).contains(.checksumUnexpected))
        if case .correct = atr.checksum {} else { Issue.record("TCK should be recorded as correct: \(atr.checksum)") }
    }

    @Test func extraBytesAfterTheATR() throws {
        #expect(try codes("3B 00 AA BB") == [.extraBytes])
        #expect(try ATR(hex: "3B 00 AA BB").warnings[0].message == "2 byte(s) after the ATR's last field: AA BB")
    }

    @Test func longerThan33Bytes() throws {
        let bytes: [UInt8] = [0x3B, 0x0F] + [UInt8](repeating: 0x41, count: 15) + [UInt8](repeating: 0x00, count: 20)
        let warnings = ATR(bytes: bytes).warnings.map(\.code)
        #expect(warnings.contains(.tooLong) && warnings.contains(.extraBytes))
    }

    @Test func reservedFiAndDi() throws {
        let atr = try ATR(hex: "3B 10 7F")
        #expect(atr.warnings.map(\.code) == [.reservedRate, .reservedRate])
        #expect(atr.transmission.fi == nil && atr.transmission.di == nil && atr.transmission.cyclesPerETU == nil)
        #expect(atr.fieldLines.contains("TA1 = 7F: Fi = RFU (index 7), Di = RFU (index 15)"))
    }

    @Test func programmingVoltageBytes() throws {
        #expect(try codes("3B 20 25") == [.programmingVoltage])
        #expect(try ATR(hex: "3B 20 25").fieldLines.contains("TB1 = 25: Programming voltage PI1 = 5 V, maximum programming current I = 50 mA"))
        #expect(try ATR(hex: "3B 80 20 32").fieldLines.contains("TB2 = 32: Programming voltage PI2 = 5 V"))
        #expect(try codes("3B 20 00").isEmpty)
    }

    @Test func specificModeForAProtocolNotOffered() throws {
        #expect(try codes("3B 80 10 01") == [.specificModeMismatch])
    }

    @Test func invalidIFSC() throws {
        #expect(ATR(bytes: ATRFixtures.withTCK("3B 80 81 11 00")).warnings.map(\.code) == [.invalidInterfaceValue])
    }

    @Test func invalidInitialCharacter() throws {
        #expect(try codes("3C 00") == [.invalidInitialCharacter])
        #expect(try codes("03 00") == [.invalidInitialCharacter])
    }

    @Test func categoryZeroWithoutRoomForTheStatusIndicator() throws {
        #expect(try codes("3B 02 00 01") == [.malformedHistoricalBytes])
    }

    @Test func capabilitiesOfTheWrongLength() throws {
        let atr = try ATR(hex: "3B 07 80 75 01 02 03 04 05")
        #expect(atr.warnings.map(\.code) == [.malformedHistoricalBytes])
        #expect(atr.historicalBytes.objects.first?.cardCapabilities == nil)
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 33)
        for _ in 0..<3_000 {
            var bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !bytes.isEmpty { bytes[0] = 0x3B }
            let atr = ATR(bytes: bytes)
            _ = atr.fieldLines
            _ = try? JSONEncoder().encode(atr)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pcsc/smartcard_list.txt"), "needs pcsc-tools' smartcard_list.txt"))
    func everyLiteralATROfSmartcardListDecodes() throws {
        let text = try String(contentsOfFile: "/usr/share/pcsc/smartcard_list.txt", encoding: .utf8)
        let literal = text.split(separator: "\n").filter { line in
            line.first.map { $0.isHexDigit } == true && line.allSatisfy { $0.isHexDigit || $0 == " " }
        }
        #expect(literal.count > 3_000)
        var wellFormed = 0
        for line in literal {
            let atr = try ATR(hex: String(line))
            _ = atr.fieldLines
            if atr.isWellFormed { wellFormed += 1 }
        }
        // Most real ATRs are well formed; the rest must still decode (checked above by not crashing).
        #expect(wellFormed > literal.count / 2)
    }
}
