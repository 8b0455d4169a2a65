import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The ten recorded sensors, each driven in process over its recording (umockdev's ioctl search
/// or the strict pcapng order), with the protocol's pauses shortened to nothing.
enum RecordedSensors {
    static let all = ["aes2501", "vfs5011", "vfs301", "vfs0050", "elan", "egis0570", "upektc_img", "aes3500", "nb1010", "vfs7552"]

    /// A fresh player of the recording: the ioctl tree, or the pcapng conversation without the
    /// kernel's standard requests (each file is read once per test run).
    static func player(_ sensor: String) throws -> any USBTransport {
        switch try parsed.value(sensor) {
        case .tree(let tree): UMockdevIoctlPlayer(tree: tree)
        case .transfers(let transfers): USBRecordingPlayer(transfers: transfers)
        }
    }

    private enum Parsed: Sendable {
        case tree(UMockdevIoctlTree)
        case transfers([RecordedTransfer])
    }

    private static let parsed = ParsedRecordings()

    private final class ParsedRecordings: @unchecked Sendable {
        private let lock = NSLock()
        private var cache: [String: Parsed] = [:]

        func value(_ sensor: String) throws -> Parsed {
            if let cached = lock.withLock({ cache[sensor] }) { return cached }
            let ioctl = SharedData.url("usb/\(sensor)/capture.ioctl")
            let value: Parsed = FileManager.default.fileExists(atPath: ioctl.path)
                ? .tree(try Recordings.tree(sensor))
                : .transfers(try Recordings.transfers(sensor).filter { transfer in
                    guard transfer.type == .control, let setup = transfer.setup else { return true }
                    return setup[0] & 0x60 != 0
                })
            lock.withLock { cache[sensor] = value }
            return value
        }
    }

    /// The driver of `sensor` over `transport`.
    static func driver(_ sensor: String, over transport: any USBTransport) -> any FingerprintSensor {
        switch sensor {
        case "aes2501": return AES2501Sensor(transport: transport)
        case "vfs5011":
            var parameters = VFS5011Sensor.Parameters()
            parameters.rearmDelay = .zero
            return VFS5011Sensor(transport: transport, parameters: parameters)
        case "vfs301":
            var parameters = VFS301Sensor.Parameters()
            parameters.peekInterval = .zero
            return VFS301Sensor(transport: transport, parameters: parameters)
        case "vfs0050": return VFS0050Sensor(transport: transport)
        case "elan":
            var parameters = ElanSensor.Parameters()
            parameters.calibrationPause = .zero
            return ElanSensor(transport: transport, parameters: parameters)
        case "egis0570": return Egis0570Sensor(transport: transport)
        case "upektc_img": return UPEKTCSensor(transport: transport)
        case "aes3500": return AES3500Sensor(transport: transport)
        case "nb1010":
            var parameters = NB1010Sensor.Parameters()
            parameters.settlingTime = .zero
            return NB1010Sensor(transport: transport, parameters: parameters)
        default: return VFS7552Sensor(transport: transport)
        }
    }

    /// One capture from open to close; its result, or the error it ended with.
    static func capture(_ sensor: any FingerprintSensor, timeout: Duration = .seconds(5)) -> Result<SensorCapture.Result, any Error> {
        defer { sensor.close() }
        return Result {
            try sensor.open()
            return try SensorCapture(sensor: sensor, timeout: timeout).run()
        }
    }

    /// Transfers a whole clean capture of `sensor` makes (close included).
    static func transferCount(_ sensor: String) throws -> Int {
        let counter = FailingTransport(try player(sensor), failAfter: .max, with: USBError.io)
        _ = try capture(driver(sensor, over: counter)).get()
        return counter.transfers
    }
}

/// A transport that passes everything to another, but flips one bit of the reply to transfer
/// `index` (counting from 0, writes included).
final class FlippingTransport: USBTransport {
    private let inner: any USBTransport
    private let index: Int
    private let bit: Int
    private var transfers = 0
    /// Whether the flip happened (transfer `index` was a read with a non-empty reply).
    private(set) var flipped = false

    init(_ inner: any USBTransport, index: Int, bit: Int) {
        self.inner = inner
        self.index = index
        self.bit = bit
    }

    func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        transfers += 1
        try inner.write(data, to: endpoint, type: type, timeout: timeout)
    }

    func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        defer { transfers += 1 }
        var reply = try inner.read(length, from: endpoint, type: type, timeout: timeout)
        if transfers == index, !reply.isEmpty {
            reply[(bit / 8) % reply.count] ^= UInt8(1 << (bit % 8))
            flipped = true
        }
        return reply
    }

    func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        transfers += 1
        return try inner.control(setup, data: data, readLength: readLength, timeout: timeout)
    }
}
