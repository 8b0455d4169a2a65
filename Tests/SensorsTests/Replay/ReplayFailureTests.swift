import Foundation
import Testing
import TestSupport

/// Recordings that end early or say something else, and devices pbtool does not drive: clear
/// errors with the sensor exit code (8), never a hang.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct ReplayFailureTests {
    private func capture(_ sensor: String, device: String, recording: UMockdevRun.Recording,
                         in directory: URL, extra: [String] = UMockdevRun.patientCapture) throws -> UMockdevRun.Outcome {
        try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", sensor, "--out", directory.appendingPathComponent("f.png").path,
             "--transfer-timeout", "1s"] + extra,
            device: device, recording: recording)
    }

    @Test func aTruncatedPCAPNGEndsWithAClearErrorWithinTheTimeout() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = try Data(contentsOf: SharedData.url("usb/aes2501/capture.pcapng"))
        let cut = directory.appendingPathComponent("cut.pcapng")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        let outcome = try capture("aes2501", device: UMockdevRun.aes2501Device,
                                  recording: .pcap(sysfsPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-10",
                                                   file: cut.path), in: directory)
        #expect(outcome.status == 8)
        #expect(outcome.standardError.contains("the sensor stopped answering during finger detection"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("f.png").path))
    }

    /// The AES2501 recording cut after the 10th strip of the swipe: the sensor is gone mid-capture.
    @Test func anAES2501UnpluggedMidSwipeEndsWithAClearError() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = [UInt8](try Data(contentsOf: SharedData.url("usb/aes2501/capture.pcapng")))
        let cut = directory.appendingPathComponent("mid-swipe.pcapng")
        try Data(try #require(RecordingCuts.pcapng(bytes, keepingStrips: 10))).write(to: cut)
        let outcome = try capture("aes2501", device: UMockdevRun.aes2501Device,
                                  recording: .pcap(sysfsPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-10",
                                                   file: cut.path), in: directory)
        #expect(outcome.status == 8, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("the sensor stopped answering during strip capture"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("f.png").path))
    }

    /// The VFS5011 recording whose 4th of 9 capture reads fails with ENODEV: unplugged mid-swipe.
    @Test func aVFS5011UnpluggedMidSwipeEndsWithAClearError() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: SharedData.url("usb/vfs5011/capture.ioctl"), encoding: .utf8)
        let file = directory.appendingPathComponent("mid-swipe.ioctl")
        try RecordingCuts.ioctl(text, keepingCaptureReads: 3).write(to: file, atomically: true, encoding: .utf8)
        let outcome = try capture("vfs5011", device: UMockdevRun.vfs5011Device,
                                  recording: .ioctl(node: "/dev/bus/usb/002/017", file: file.path), in: directory)
        #expect(outcome.status == 8, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("the sensor was unplugged during line capture"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("f.png").path))
    }

    @Test func noFingerWithinTheTimeoutExitsSeven() throws {
        // The recording polls 706 times (about a second under replay) before the finger comes.
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try UMockdevRun.pbtool(
            ["sensor", "capture", "--sensor", "aes2501", "--out", directory.appendingPathComponent("f.png").path,
             "--timeout", "50ms"],
            device: UMockdevRun.aes2501Device, recording: UMockdevRun.aes2501Recording)
        #expect(outcome.status == 7, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("no finger on the sensor within"))
    }

    @Test func aCorruptLineRecordIsReported() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: SharedData.url("usb/vfs5011/capture.ioctl"), encoding: .utf8)
        let corrupt = text.replacingOccurrences(of: "61440 61440 0 01FE305B", with: "61440 61440 0 02FE305B")
        #expect(corrupt != text)
        let file = directory.appendingPathComponent("corrupt.ioctl")
        try corrupt.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try capture("vfs5011", device: UMockdevRun.vfs5011Device,
                                  recording: .ioctl(node: "/dev/bus/usb/002/017", file: file.path), in: directory)
        #expect(outcome.status == 8)
        #expect(outcome.standardError.contains("a corrupt line record at byte 0 of a capture read"))
    }

    @Test func aRecordingThatDivergesFailsTheCommandThatIsNotInIt() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: SharedData.url("usb/vfs5011/capture.ioctl"), encoding: .utf8)
        // Drop the 117-byte command O21 and everything below it: step 30 of the open sequence
        // then sends bytes the recording does not hold.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = try #require(lines.firstIndex { $0.hasPrefix("USBDEVFS_REAPURBNDELAY 0 3 1 0 0 117 ") })
        let file = directory.appendingPathComponent("diverging.ioctl")
        try lines[..<cut].joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let outcome = try capture("vfs5011", device: UMockdevRun.vfs5011Device,
                                  recording: .ioctl(node: "/dev/bus/usb/002/017", file: file.path), in: directory)
        #expect(outcome.status == 8)
        #expect(outcome.standardError.contains("during initialisation, step 74 (after 73 transfers)"),
                "\(outcome.standardError)")
        #expect(outcome.standardError.contains("LIBUSB_ERROR_IO"))
    }

    @Test func anUnknownDeviceIsNoSensor() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("unknown.umockdev")
        try UnknownDevice.description.write(to: device, atomically: true, encoding: .utf8)
        // Nothing is plugged in within the second the command waits.
        let outcome = try capture("auto", device: device.path, recording: .none, in: directory, extra: ["--timeout", "1s"])
        #expect(outcome.status == 8)
        #expect(outcome.standardError.contains("no supported fingerprint sensor found on USB"))
        let list = try UMockdevRun.pbtool(["sensor", "list", "--json"], device: device.path, recording: .none)
        #expect(list.status == 0)
        let report = try ReplayImages.json(list.standardOutput)
        #expect((report["sensors"] as? [Any])?.isEmpty == true)
    }

    @Test func askingForAModelThatIsNotAttachedIsNoSensor() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try capture("aes2501", device: UMockdevRun.vfs5011Device,
                                  recording: UMockdevRun.vfs5011Recording, in: directory, extra: ["--timeout", "1s"])
        #expect(outcome.status == 8)
        #expect(outcome.standardError.contains("no AuthenTec AES2501 (08ff:2580, 08ff:2500) found on USB"))
    }
}

/// A hand-written device description (umockdev's replay rules): a vendor-class device
/// 16c0:052d that no pbtool driver claims.
enum UnknownDevice {
    static let descriptors = "12010002FFFFFF40C0162D05000101020301090220000101008032090400000200000000"
        + "070581024000000705020240000000"
    static let description = """
        P: /devices/pci0000:00/0000:00:14.0/usb1/1-2
        N: bus/usb/001/005=\(descriptors)
        E: DEVNAME=/dev/bus/usb/001/005
        E: DEVTYPE=usb_device
        E: DRIVER=usb
        E: PRODUCT=16c0/52d/100
        E: BUSNUM=001
        E: DEVNUM=005
        E: MAJOR=189
        E: MINOR=4
        E: SUBSYSTEM=usb
        A: bConfigurationValue=1
        A: bNumInterfaces= 1
        A: busnum=1
        A: devnum=5
        H: descriptors=\(descriptors)
        A: idProduct=052d
        A: idVendor=16c0
        A: speed=12

        """
}
