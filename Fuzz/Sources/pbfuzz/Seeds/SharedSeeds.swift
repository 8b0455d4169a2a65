import Foundation
import ImageCodecs
import Imaging
@testable import Sensors
import USB

/// Seeds cut from the real files in ../shared/data (FVC images, vendor ISO records, the AES2501
/// and VFS5011 recordings). They are written under the build directory only, never into the
/// repository, and only when `pbfuzz seeds --shared` names the data directory.
struct SharedSeeds {
    let data: URL

    /// Seeds by target name.
    func all() throws -> [String: [FuzzSeed]] {
        var seeds: [String: [FuzzSeed]] = [:]
        let records = try isoRecords()
        seeds["iso19794"] = records
        seeds["template-sniff"] = records
        for (format, seed) in try images() { seeds[format.rawValue, default: []].append(seed) }
        let aes2501 = try aes2501Transfers()
        seeds["aes2501-strip"] = aes2501.filter { $0.isInput && $0.data.count == AES2501Reply.stripLength }
            .prefix(4).enumerated().map { FuzzSeed("shared-strip\($0.offset)", $0.element.data) }
        seeds["aes2501-device"] = [FuzzSeed("shared-swipe", try conversation("aes2501"))]
        let tree = try vfs5011Tree()
        seeds["vfs5011-lines"] = tree.nodes.filter { $0.isInput && $0.data.count >= VFS5011LineRecord.length }
            .prefix(4).enumerated().map { FuzzSeed("shared-read\($0.offset)", Array($0.element.data.prefix(8_192))) }
        seeds["vfs5011-device"] = [FuzzSeed("shared-swipe", try conversation("vfs5011"))]
        seeds["pcapng"] = [FuzzSeed("shared-head", try pcapngHead(maximumBytes: 24_576))]
        let ioctlLines = try String(contentsOf: data.appendingPathComponent("usb/vfs5011/capture.ioctl"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).prefix(24)
        seeds["umockdev-ioctl"] = [FuzzSeed("shared-head", Array(ioctlLines.joined(separator: "\n").utf8))]
        seeds["sensor-device"] = try SensorSeeds.drivers.indices.map { index in
            FuzzSeed("shared-\(SensorSeeds.drivers[index])", [UInt8(index)] + (try conversation(SensorSeeds.drivers[index])))
        }
        return seeds
    }

    private func isoRecords() throws -> [FuzzSeed] {
        let directory = data.appendingPathComponent("fingerprints/iso-templates/FVC2002_DB1_B")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".iso") }.sorted()
        return try names.prefix(8).map { name in
            FuzzSeed("shared-\(name)", [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
        }
    }

    /// The middle 128×128 pixels of one FVC image, in every format.
    private func images() throws -> [(ImageFormat, FuzzSeed)] {
        let image = try ImageFile.read(data.appendingPathComponent("fingerprints/FVC2002_DB1_B/101_1.tif").path)
        let side = 128, left = (image.width - side) / 2, top = (image.height - side) / 2
        var pixels: [UInt8] = []
        for row in top..<(top + side) {
            let start = row * image.width + left
            pixels += image.pixels[start..<(start + side)]
        }
        let crop = GrayImage(width: side, height: side, dpi: image.dpi, pixels: pixels)
        return try ImageFormat.allCases.map { ($0, FuzzSeed("shared-fvc-crop", try ImageFile.encode(crop, as: $0))) }
    }

    private func aes2501Transfers() throws -> [RecordedTransfer] {
        let bytes = [UInt8](try Data(contentsOf: data.appendingPathComponent("usb/aes2501/capture.pcapng")))
        return try USBMonCapture(bytes: bytes, source: "capture.pcapng").transfers(bus: 1, device: 44).filter { $0.type == .bulk }
    }

    private func vfs5011Tree() throws -> UMockdevIoctlTree {
        let url = data.appendingPathComponent("usb/vfs5011/capture.ioctl")
        return try UMockdevIoctlTree(text: try String(contentsOf: url, encoding: .utf8), source: url.path)
    }

    /// The replies a real capture on sensor `id` gets, in the device targets' input layout: the
    /// driver runs against the recording (its pauses cut), and every reply it reads is noted.
    private func conversation(_ id: String) throws -> [UInt8] {
        let recorder = ReplyRecorder(try USBRecordingDirectory(data.appendingPathComponent("usb/\(id)")).player())
        guard let sensor = SensorDrivers.driver(id, over: recorder, pauses: false) else { return [] }
        defer { sensor.close() }
        try sensor.open()
        _ = try? SensorCapture(sensor: sensor, timeout: .seconds(30)).run()
        return recorder.input
    }

    /// The first blocks of the AES2501 recording, cut at a block boundary.
    private func pcapngHead(maximumBytes: Int) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: data.appendingPathComponent("usb/aes2501/capture.pcapng")))
        var end = 0
        while end + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 | Int(bytes[end + 4 + $1]) << (8 * $1) }
            guard length >= 12, end + length <= maximumBytes, end + length <= bytes.count else { break }
            end += length
        }
        return Array(bytes.prefix(end))
    }
}

/// Passes transfers to a recording and notes each reply in ``FuzzTransport``'s input layout.
private final class ReplyRecorder: USBTransport {
    private let inner: any USBTransport
    private(set) var input: [UInt8] = []

    init(_ inner: any USBTransport) {
        self.inner = inner
    }

    func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        try inner.write(data, to: endpoint, type: type, timeout: timeout)
    }

    func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        let reply = try inner.read(length, from: endpoint, type: type, timeout: timeout)
        input += FuzzTransport.encode(reply: reply, requested: length)
        return reply
    }

    func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        let reply = try inner.control(setup, data: data, readLength: readLength, timeout: timeout)
        if setup.isInput { input += FuzzTransport.encode(reply: reply, requested: readLength) }
        return reply
    }
}
