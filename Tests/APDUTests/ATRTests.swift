import APDU
import Foundation
import Testing

/// ATR vectors decoded by hand, and a few more real ones.
@Suite struct ATRTests {
    @Test func virtualCardATR() throws {
        let atr = try ATR(hex: "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 75")
        #expect(atr.isWellFormed)
        #expect(atr.convention == .direct)
        #expect(atr.protocols == [0, 1])
        #expect(atr.announcedHistoricalCount == 10)
        #expect(atr.checksum == .correct(0x75))
        #expect(atr.transmission.isDefault)
        #expect(atr.transmission.fi == 372 && atr.transmission.di == 1)
        #expect(atr.interfaceBytes.map(\.name) == ["TD1", "TD2"])

        let historical = atr.historicalBytes
        #expect(historical.category == .compactTLV)
        #expect(historical.objects.map(\.tag) == [3, 7, 8])
        let service = try #require(historical.objects[0].cardServiceData)
        #expect(service.selectsByFullDFName && service.selectsByPartialDFName)
        #expect(service.hasDataObjectsInEFDIR && service.hasDataObjectsInEFATR)
        #expect(service.fileAccess == .readBinary && service.hasMasterFile)
        let capabilities = try #require(historical.objects[1].cardCapabilities)
        #expect(capabilities.supportsCommandChaining == true)
        #expect(capabilities.supportsExtendedLengths == true)
        #expect(capabilities.hasExtendedLengthInformation == true)
        #expect(capabilities.channelAssignment == .noLogicalChannels)
        #expect(capabilities.maximumLogicalChannels == 1)
        #expect(capabilities.writeBehaviour == .writeOR)
        #expect(capabilities.dataUnitQuartets == 2)
        #expect(historical.statusIndicator?.statusWord == .success)
        #expect(historical.statusIndicator?.lifeCycle == nil)
    }

    @Test func oberthurCosmoWithTA1TC1AndT15() throws {
        let atr = try ATR(hex: "3B DB 96 00 80 B1 FE 45 1F 83 00 31 C0 64 C7 FC 10 00 01 90 00 74")
        #expect(atr.isWellFormed)
        let rates = atr.transmission
        #expect(rates.fi == 512 && rates.di == 32 && rates.maximumClockMHz == 5)
        #expect(rates.cyclesPerETU == 16)
        #expect(rates.bitRateAtTypicalClock == 250_000)
        #expect(rates.bitRateAtMaximumClock == 312_500)
        #expect(atr.extraGuardTime == 0)
        #expect(atr.protocols == [0, 1])
        let t1 = try #require(atr.t1Parameters)
        #expect(t1.ifsc == 254 && t1.blockWaitingInteger == 4 && t1.characterWaitingInteger == 5)
        #expect(t1.errorDetection == nil && t1.effectiveErrorDetection == .lrc)
        let t15 = try #require(atr.t15Parameters)
        #expect(t15.clockStop == .stateHigh)
        #expect(t15.classes == [.a, .b])
        #expect(atr.historicalBytes.category == .compactTLVWithStatusIndicator)
        #expect(atr.historicalBytes.objects.map(\.tag) == [3, 6])
        #expect(atr.historicalBytes.objects[0].cardServiceData?.fileAccess == .readRecord)
        #expect(atr.historicalBytes.statusIndicator?.lifeCycle == LifeCycleStatus(rawValue: 0x01))
        #expect(atr.historicalBytes.statusIndicator?.statusWord == .success)
        #expect(atr.checksum == .correct(0x74))
    }

    @Test func preciseBioMatchReportsItsMalformedHistoricalBytes() throws {
        let atr = try ATR(hex: "3B 76 12 00 00 00 9C 11 01 03 03")
        #expect(atr.transmission.fi == 372 && atr.transmission.di == 2)
        #expect(atr.transmission.cyclesPerETU == 186)
        #expect(atr.interfaceByte(.b, 1) == 0x00 && atr.extraGuardTime == 0)
        #expect(atr.protocols == [0])
        #expect(atr.checksum == .notRequired)
        #expect(atr.historicalBytes.bytes == [0x00, 0x9C, 0x11, 0x01, 0x03, 0x03])
        #expect(atr.warnings.map(\.code) == [.malformedHistoricalBytes])
        #expect(atr.warnings[0].message.hasPrefix("malformed compact-TLV under category 00"))
        #expect(atr.historicalBytes.objects.isEmpty)
        #expect(atr.historicalBytes.statusIndicator?.lifeCycle?.rawValue == 0x01)
        #expect(atr.historicalBytes.statusIndicator?.statusWord == StatusWord(rawValue: 0x0303))
    }

    @Test func jcopT1OnlyWithIFSCAndASCIIHistoricalBytes() throws {
        let atr = try ATR(hex: "3B FA 13 00 00 81 31 FE 45 4A 43 4F 50 34 31 56 32 32 31 96")
        #expect(atr.isWellFormed)
        #expect(atr.protocols == [1])
        #expect(atr.t0Parameters == nil)
        #expect(atr.t1Parameters?.ifsc == 254)
        #expect(atr.t1Parameters?.blockWaitingInteger == 4)
        #expect(atr.transmission.di == 4 && atr.transmission.cyclesPerETU == 93)
        #expect(atr.historicalBytes.category == .proprietary)
        #expect(atr.historicalBytes.printableText == "JCOP41V221")
        #expect(atr.checksum == .correct(0x96))
    }

    @Test func crcSpecificModeGuardTimeAndWaitingInteger() throws {
        // T0 C0: TC1, TD1, K = 0. TC1 FF. TD1 90: TA2 + TD2, T=0. TA2 81: specific T=1, cannot change.
        // TD2 81: TD3, T=1. TD3 11: TA4, T=1. TA4 20: IFSC 32. Then TCK.
        let atr = ATR(bytes: ATRFixtures.withTCK("3B C0 FF 90 81 81 11 20"))
        #expect(atr.usesMinimumGuardTime && atr.extraGuardTime == nil)
        #expect(atr.specificMode?.protocol == 1)
        #expect(atr.specificMode?.canChangeMode == false)
        #expect(atr.protocols == [0, 1])
        #expect(atr.t1Parameters?.ifsc == 0x20)
        #expect(atr.t0Parameters?.effectiveWaitingInteger == 10)
        #expect(atr.isWellFormed, "\(atr.warnings)")

        let crc = ATR(bytes: ATRFixtures.withTCK("3B 80 81 41 01"))
        #expect(crc.t1Parameters?.errorDetection == .crc)

        let waiting = ATR(bytes: [0x3B, 0x80, 0x40, 0x20])
        #expect(waiting.t0Parameters?.waitingInteger == 0x20)
    }

    @Test func dirDataReferenceCategory() throws {
        let atr = try ATR(hex: "3B 02 10 05")
        #expect(atr.historicalBytes.category == .dirDataReference)
        #expect(atr.historicalBytes.dirDataReference == 0x05)
        #expect(atr.isWellFormed)
        #expect(try ATR(hex: "3B 03 10 05 06").warnings.map(\.code) == [.malformedHistoricalBytes])
    }

    @Test func reservedCategoryAndNoHistoricalBytes() throws {
        #expect(try ATR(hex: "3B 01 85").historicalBytes.category == .reserved)
        #expect(try ATR(hex: "3B 00").historicalBytes.category == .empty)
        #expect(try ATR(hex: "3B 00").isWellFormed)
    }

    @Test func lifeCycleMeanings() {
        #expect(LifeCycleStatus(rawValue: 0x05).meaning == "Operational state (activated)")
        #expect(LifeCycleStatus(rawValue: 0x06).meaning == "Operational state (deactivated)")
        #expect(LifeCycleStatus(rawValue: 0x0E).meaning == "Termination state")
        #expect(LifeCycleStatus(rawValue: 0x02).meaning == "Reserved for future use")
        #expect(LifeCycleStatus(rawValue: 0x42).meaning == "Proprietary")
    }
}

enum ATRFixtures {
    /// The bytes with a correct TCK appended (XOR of T0… = 0).
    static func withTCK(_ hex: String) -> [UInt8] {
        let bytes = try! [UInt8](hex: hex)
        return bytes + [bytes.dropFirst().reduce(0, ^)]
    }
}
