import Foundation
import Testing
import TestSupport

/// The new sensors' real recordings broken under umockdev, through the real libusb: the device
/// vanishing mid-capture (an ioctl reply turned into ENODEV) or a pcapng capture cut short
/// (the device stops answering). Each ends with one clear error line and exit 8, well within
/// the transfer timeouts, and writes no image.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct RecordingCutReplayTests {
    /// Where to break each recording: the fraction of its replies (ioctl) or blocks (pcapng)
    /// kept, chosen inside the capture phase.
    static let cuts: [(sensor: String, fraction: Double)] = [
        ("vfs301", 0.85), ("vfs0050", 0.7), ("elan", 0.7), ("egis0570", 0.9), ("upektc_img", 0.6),
        ("aes3500", 0.9), ("nb1010", 0.5), ("vfs7552", 0.5),
    ]

    @Test(arguments: cuts.map(\.sensor))
    func aBrokenRecordingEndsWithExit8(_ sensor: String) throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fraction = try #require(Self.cuts.first { $0.sensor == sensor }?.fraction)
        let device = try RecordedDevice(sensor)
        let recording: UMockdevRun.Recording
        let ioctl = SharedData.url("usb/\(sensor)/capture.ioctl")
        if FileManager.default.fileExists(atPath: ioctl.path) {
            let file = directory.appendingPathComponent("vanishing.ioctl")
            try Self.vanishing(try String(contentsOf: ioctl, encoding: .utf8), keeping: fraction)
                .write(to: file, atomically: true, encoding: .utf8)
            recording = .ioctl(node: device.node, file: file.path)
        } else {
            let file = directory.appendingPathComponent("cut.pcapng")
            let bytes = [UInt8](try Data(contentsOf: SharedData.url("usb/\(sensor)/capture.pcapng")))
            try Data(Self.cut(bytes, keeping: fraction)).write(to: file)
            recording = .pcap(sysfsPath: device.sysfsPath, file: file.path)
        }
        let out = directory.appendingPathComponent("f.png").path
        let outcome = try UMockdevRun.pbtool(["sensor", "capture", "--sensor", sensor, "--out", out,
                                              "--transfer-timeout", "1s"] + UMockdevRun.patientCapture,
                                             device: UMockdevRun.device(sensor), recording: recording)
        #expect(outcome.status == 8, "\(sensor): \(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("pbtool:") }
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(lines.first.map { $0.contains("unplugged") || $0.contains("stopped answering") } == true,
                "\(sensor): \(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The ioctl text with reply number ⌈fraction · replies⌉ completing with ENODEV (-19), no data.
    static func vanishing(_ text: String, keeping fraction: Double) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let replies = lines.indices.filter { isReply(lines[$0]) }
        let target = replies[min(replies.count - 1, Int((Double(replies.count) * fraction).rounded(.up)))]
        var fields = lines[target].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let indent = String(repeating: " ", count: lines[target].prefix { $0 == " " }.count)
        fields[4] = "-19"
        fields[7] = "0"
        var broken = lines
        broken[target] = indent + fields.prefix(9).joined(separator: " ")
        return broken.joined(separator: "\n")
    }

    private static func isReply(_ line: String) -> Bool {
        let fields = line.split(separator: " ")
        guard fields.count >= 9, fields[0] == "USBDEVFS_REAPURBNDELAY", let endpoint = UInt8(fields[3]) else { return false }
        return endpoint & 0x80 != 0
    }

    /// The pcapng bytes up to the block boundary nearest `fraction` of the file.
    static func cut(_ bytes: [UInt8], keeping fraction: Double) -> [UInt8] {
        let limit = Int(Double(bytes.count) * fraction)
        var end = 0
        while end + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 | Int(bytes[end + 4 + $1]) << (8 * $1) }
            guard length >= 12, end + length <= limit else { break }
            end += length
        }
        return Array(bytes.prefix(end))
    }
}
