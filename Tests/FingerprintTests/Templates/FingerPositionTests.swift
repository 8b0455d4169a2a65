import Fingerprint
import Testing

@Suite struct FingerPositionTests {
    /// smartcard.md §2.2: finger position code, CBEFF subtype, name.
    static let table: [(UInt8, UInt8, String)] = [
        (0, 0x00, "unknown"),
        (1, 0x05, "right-thumb"), (2, 0x09, "right-index"), (3, 0x0D, "right-middle"),
        (4, 0x11, "right-ring"), (5, 0x15, "right-little"),
        (6, 0x06, "left-thumb"), (7, 0x0A, "left-index"), (8, 0x0E, "left-middle"),
        (9, 0x12, "left-ring"), (10, 0x16, "left-little"),
    ]

    @Test func codesNamesAndSubtypesFollowTheTable() {
        #expect(FingerPosition.allNamed.count == 11)
        for (code, subtype, name) in Self.table {
            let position = FingerPosition(rawValue: code)
            #expect(position.name == name)
            #expect(position.cbeffSubtype == subtype)
            #expect(FingerPosition(name: name) == position)
            #expect(FingerPosition(name: name.uppercased().replacing("-", with: "_")) == position)
            if code != 0 { #expect(FingerPosition(cbeffSubtype: subtype) == position) }
        }
        #expect(FingerPosition.rightIndex.rawValue == 2 && FingerPosition.leftLittle.rawValue == 10)
    }

    @Test func unknownCodesAndNamesAreKeptOrRefused() {
        let plainThumb = FingerPosition(rawValue: 11)
        #expect(plainThumb.name == nil && plainThumb.cbeffSubtype == nil)
        #expect(plainThumb.description == "finger position code 11")
        #expect(FingerPosition(name: "right-pinky") == nil)
        #expect(FingerPosition(cbeffSubtype: 0x03) == nil)
    }

    @Test func resolutionConvertsBetweenPixelsPerCentimetreAndDPI() {
        #expect(ScanResolution.dpi500.xPixelsPerCentimetre == 197)
        #expect(ScanResolution(dpi: 569).yPixelsPerCentimetre == 224)
        #expect(abs(ScanResolution.dpi500.xDPI - 500.38) < 0.001)
    }

    @Test func impressionTypesKeepFourBits() {
        #expect(ImpressionType(rawValue: 0x18) == .swipe)
        #expect(ImpressionType.swipe.name == "swipe" && ImpressionType(rawValue: 5).name == nil)
        #expect(CaptureEquipment(field: 0x8ABC) == CaptureEquipment(certificationFlags: 8, deviceType: 0xABC))
    }
}
