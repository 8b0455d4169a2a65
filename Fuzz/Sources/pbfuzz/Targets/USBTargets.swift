import Fingerprint
@testable import Sensors
import USB

/// What comes from a USB device or a recording of one: the AES2501 strip and VFS5011 line
/// decoders, the two recording formats, and whole swipes against a device that answers anything.
enum USBTargets {
    static let all = [aes2501Strip, vfs5011Lines, pcapng, umockdevIoctl, aes2501Device, vfs5011Device]

    static let aes2501Strip = FuzzTarget(
        name: "aes2501-strip", summary: "AES2501Strip.decode (1705-byte strip replies) and its histogram sum",
        maximumLength: 4_096,
        run: { bytes in
            switch AES2501Strip.decode(bytes) {
            case .success(let strip):
                FuzzCheck.require(strip.frame.pixels.count == strip.frame.width * strip.frame.height, "strip frame size")
                _ = strip.histogramSum
            case .failure(let problem):
                FuzzCheck.require(!problem.detail.isEmpty, "a strip problem without a description")
            }
            _ = AES2501Reply.dumpProblem(bytes[...])
        },
        seeds: { USBSeeds.aes2501Strips })

    static let vfs5011Lines = FuzzTarget(
        name: "vfs5011-lines", summary: "VFS5011LineRecord.lines (240-byte line records in a capture read)",
        maximumLength: 8_192,
        run: { bytes in
            guard case .success(let lines) = VFS5011LineRecord.lines(in: bytes) else { return }
            FuzzCheck.require(lines.count == bytes.count / VFS5011LineRecord.length, "\(lines.count) lines from \(bytes.count) bytes")
        },
        seeds: { USBSeeds.vfs5011Reads })

    static let pcapng = FuzzTarget(
        name: "pcapng", summary: "USBMonCapture(bytes:) (pcapng with usbmon packets) and transfer pairing",
        maximumLength: 32_768,
        run: { bytes in
            guard let capture = try? USBMonCapture(bytes: bytes, source: "fuzz") else { return }
            _ = capture.transfers()
            _ = capture.transfers(bus: 1, device: 2)
        },
        seeds: { USBSeeds.pcapngFiles })

    static let umockdevIoctl = FuzzTarget(
        name: "umockdev-ioctl", summary: "UMockdevIoctlTree(text:) (umockdev-record --ioctl files) and its lookups",
        maximumLength: 16_384,
        run: { bytes in
            guard let tree = try? UMockdevIoctlTree(text: String(decoding: bytes, as: UTF8.self), source: "fuzz") else { return }
            for node in tree.nodes.prefix(4) {
                _ = tree.commands(endpoint: node.endpoint)
                _ = tree.replies(endpoint: node.endpoint, bufferLength: node.bufferLength)
            }
        },
        seeds: { USBSeeds.ioctlFiles })

    /// A whole swipe on an AES2501 whose every reply comes from the input (see ``FuzzTransport``).
    static let aes2501Device = FuzzTarget(
        name: "aes2501-device", summary: "AES2501Sensor open + SensorCapture.run against a device answering fuzz bytes",
        maximumLength: 65_536,
        run: { bytes in
            swipe(AES2501Sensor(transport: FuzzTransport(bytes)))
        },
        seeds: { USBSeeds.aes2501Conversations })

    /// A whole swipe on a VFS5011 whose every reply comes from the input.
    static let vfs5011Device = FuzzTarget(
        name: "vfs5011-device", summary: "VFS5011Sensor open + SensorCapture.run against a device answering fuzz bytes",
        maximumLength: 65_536,
        run: { bytes in
            var parameters = VFS5011Sensor.Parameters()
            parameters.rearmDelay = .zero
            swipe(VFS5011Sensor(transport: FuzzTransport(bytes), parameters: parameters))
        },
        seeds: { USBSeeds.vfs5011Conversations })

    /// Opens, captures once, closes; any error is an acceptable end, a trap is not. The input
    /// runs out long before the 10 s deadline, so the deadline never decides the outcome.
    private static func swipe(_ sensor: some FingerprintSensor) {
        defer { sensor.close() }
        guard (try? sensor.open()) != nil else { return }
        guard let result = try? SensorCapture(sensor: sensor, timeout: .seconds(10)).run() else { return }
        guard let image = result.stitched.image else { return }
        FuzzCheck.require(image.pixels.count == image.width * image.height, "stitched image size")
    }
}

/// A device that answers each read with bytes from the fuzzer's input: a length byte `n`, then
/// `n` bytes (at most the buffer asked for), or with `FF` a full buffer. When the input runs out
/// the device is unplugged (`USBError.noDevice`). Writes and control requests are accepted.
final class FuzzTransport: USBTransport {
    private var input: FuzzInput

    init(_ bytes: [UInt8]) {
        input = FuzzInput(bytes)
    }

    func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        if input.isEmpty { throw USBError.noDevice }
    }

    func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        try reply(length)
    }

    func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        setup.isInput ? try reply(readLength) : []
    }

    private func reply(_ length: Int) throws -> [UInt8] {
        if input.isEmpty { throw USBError.noDevice }
        let marker = input.byte()
        return input.take(marker == 0xFF ? length : min(Int(marker), length))
    }

    /// The input layout for a reply of `bytes` to a read of `requested` bytes.
    static func encode(reply bytes: [UInt8], requested: Int) -> [UInt8] {
        if bytes.count == requested { return [0xFF] + bytes }
        let shown = Array(bytes.prefix(0xFE))
        return [UInt8(shown.count)] + shown
    }
}
