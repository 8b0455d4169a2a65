@testable import PCSC
import Testing

@Suite struct PCSCErrorTests {
    @Test func namesKnownCodes() {
        #expect(PCSCError.removedCard.name == "SCARD_W_REMOVED_CARD")
        #expect(PCSCError.timeout.code == 0x8010_000A)
        #expect(PCSCError.noService.name == "SCARD_E_NO_SERVICE")
        #expect(PCSCError.noReadersAvailable.code == 0x8010_002E)
    }

    @Test func keepsUnknownCodes() {
        let error = PCSCError(code: 0x8010_00FE, function: "SCardTransmit")
        #expect(error.code == 0x8010_00FE)
        #expect(error.name == "0x801000FE")
        #expect(error.description.hasPrefix("SCardTransmit: 0x801000FE"))
    }

    @Test func describesWithFunctionNameAndPCSCLiteText() {
        let error = PCSCError(code: PCSCError.removedCard.code, function: "SCardTransmit")
        #expect(error.description.hasPrefix("SCardTransmit: SCARD_W_REMOVED_CARD ("))
        #expect(error.text.lowercased().contains("removed"))
    }

    @Test func matchesInCatchClausesByCode() {
        func fail() throws { throw PCSCError(code: PCSCError.noSmartCard.code, function: "SCardConnect") }
        var matched = false
        do {
            try fail()
        } catch PCSCError.noSmartCard {
            matched = true
        } catch {
            Issue.record("wrong branch: \(error)")
        }
        #expect(matched)
        #expect(!(PCSCError.timeout ~= PCSCError.cancelled))
    }

    @Test func theUnsupportedFeatureCodeOfPCSCLiteAndWindowsAreBothUnsupported() {
        #expect(PCSCError.unsupportedFeature.code == 0x8010_001F)
        #expect(PCSCError.unsupportedFeature.isUnsupportedFeature)
        #expect(PCSCError.unsupportedFeatureWindows.isUnsupportedFeature)
        #expect(PCSCError.unsupportedFeature.name == "SCARD_E_UNSUPPORTED_FEATURE")
        #expect(!PCSCError.timeout.isUnsupportedFeature)
    }

    @Test func serviceLossCodes() {
        #expect(PCSCError.noService.isServiceLost)
        #expect(PCSCError.serviceStopped.isServiceLost)
        #expect(PCSCError.communicationError.isServiceLost)
        #expect(!PCSCError.removedCard.isServiceLost)
    }
}

@Suite struct PCSCValueTests {
    @Test func splitsMultiStrings() {
        let bytes = Array("Virtual PCD 00 00\0Virtual PCD 00 01\0\0".utf8)
        #expect(splitMultiString(bytes) == ["Virtual PCD 00 00", "Virtual PCD 00 01"])
        #expect(splitMultiString([0, 0]).isEmpty)
        #expect(splitMultiString([]).isEmpty)
        #expect(splitMultiString(Array("A\0\0B\0".utf8)) == ["A"])
        #expect(splitMultiString(Array("unterminated".utf8)) == ["unterminated"])
        #expect(splitMultiString([0x41, 0xFF, 0x00]) == ["A\u{FFFD}"])
    }

    @Test func convertsTimeoutsToMilliseconds() {
        #expect(PCSCContext.milliseconds(.milliseconds(250)) == 250)
        #expect(PCSCContext.milliseconds(.zero) == 0)
        #expect(PCSCContext.milliseconds(.seconds(-3)) == 0)
        #expect(PCSCContext.milliseconds(nil) == 0xFFFF_FFFF)
        #expect(PCSCContext.milliseconds(.seconds(Int64.max / 2)) == 0xFFFF_FFFE)
        #expect(PCSCContext.milliseconds(.seconds(4_294_967)) == 0xFFFF_FFFE)
    }

    @Test func parsesPartTenFeatureLists() {
        let answer: [UInt8] = [0x06, 0x04, 0x42, 0x33, 0x00, 0x06, 0x12, 0x04, 0x42, 0x33, 0x00, 0x12,
                               0x99, 0x02, 0x01, 0x02, 0x07, 0x04, 0x42]
        let features = ReaderFeature.parse(answer)
        #expect(features == [.verifyPINDirect: 0x4233_0006, .getTLVProperties: 0x4233_0012])
        #expect(ReaderFeature.verifyPINDirect.description == "FEATURE_VERIFY_PIN_DIRECT")
        #expect(ReaderFeature(rawValue: 0x7E).description == "0x7E")
        #expect(ReaderFeature.parse([]).isEmpty)
    }

    @Test func controlCodesFollowPCSCLite() {
        #expect(PCSCCard.controlCode(3400) == 0x4200_0D48)
    }

    @Test func readerStateSplitsTheEventCounterAndDropsChangedFromTheNextWait() {
        var state = ReaderState(reader: "R")
        state.update(eventState: 0x0002_0122, atr: [0x3B, 0x00])
        #expect(state.eventCount == 2)
        #expect(state.flags == [.changed, .present, .inUse])
        #expect(state.atr == [0x3B, 0x00])
        #expect(state.knownState == 0x0002_0120)
        state.update(eventState: 0x0003_0012, atr: [0x3B])
        #expect(state.atr.isEmpty)
        #expect(!state.isCardPresent)
    }
}
