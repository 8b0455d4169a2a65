import Testing
@testable import USB

@Suite struct USBErrorTests {
    @Test func namesComeFromLibusb() {
        #expect(USBError.timeout.name == "LIBUSB_ERROR_TIMEOUT")
        #expect(USBError.access.name == "LIBUSB_ERROR_ACCESS")
        #expect(USBError.noDevice.during("libusb_bulk_transfer").description
                == "libusb_bulk_transfer: LIBUSB_ERROR_NO_DEVICE (No such device (it may have been disconnected))")
    }

    @Test func casesMatchByCodeWhateverTheOperation() {
        let error: any Error = USBError(code: -4, operation: "libusb_open")
        switch error {
        case USBError.timeout: Issue.record("matched the wrong case")
        case USBError.noDevice: break
        default: Issue.record("did not match")
        }
        #expect(USBError.pipe ~= USBError(code: -9, operation: "x"))
    }

    @Test func unknownCodesAreKept() {
        let odd = USBError(code: -42)
        #expect(odd.code == -42)
        #expect(!(USBError.other ~= odd))
        #expect(odd.name == "**UNKNOWN**")
    }

    @Test func checkPassesNonNegativeCodes() throws {
        #expect(try check(5, "f") == 5)
        #expect(throws: USBError.self) { try check(-7, "f") }
    }

    @Test func durationsBecomeLibusbMilliseconds() {
        #expect(Duration.zero.libusbMilliseconds == 0)
        #expect(Duration.milliseconds(4000).libusbMilliseconds == 4000)
        #expect(Duration.microseconds(10).libusbMilliseconds == 1)
        #expect(Duration.seconds(10_000_000).libusbMilliseconds == UInt32.max)
    }

    @Test func deviceIDsParseAndPrint() {
        #expect(USBDeviceID("08ff:2580") == USBDeviceID(vendor: 0x08ff, product: 0x2580))
        #expect(USBDeviceID(vendor: 0x138a, product: 0x17).description == "138a:0017")
        #expect(USBDeviceID("8ff:2580") == nil)
        #expect(USBDeviceID("08ff2580") == nil)
        #expect(USBDeviceID("zzzz:0000") == nil)
    }

    @Test func aContextListsDevicesThroughTheRealLibrary() throws {
        let context = try USBContext()
        // Outside umockdev a container may show no devices at all; the call itself must work.
        let devices = try context.devices()
        for device in devices {
            #expect(device.nodePath.hasPrefix("/dev/bus/usb/"))
        }
        #expect(USBContext.libraryVersion.hasPrefix("1."))
    }
}
