import BiometricFormats
import Testing

/// Header and view fields every record format shares: resolution, impression, capture equipment
/// and the finger position code.
@Suite struct RecordFieldTests {
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

    @Test func aViewKeepsAnyFingerPositionCodeAndNamesTheTenFingers() throws {
        var view = FingerView(finger: .leftIndex, minutiae: [])
        #expect(view.fingerPosition == 7 && view.finger == .leftIndex)
        view.fingerPosition = 13    // plain thumbs, a multi-finger code of later editions
        #expect(view.finger == nil)
        let record = MinutiaeRecord(imageWidth: 10, imageHeight: 10, resolution: .dpi500, views: [view])
        let decoded = try MinutiaeRecord(bytes: try record.encoded(as: .iso))
        #expect(decoded.views[0].fingerPosition == 13)
        view.finger = nil
        #expect(view.fingerPosition == 0)
        #expect(FingerView(minutiae: []).finger == nil)
    }
}
