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
    /// kernel's standard requests (each directory is read once per test run).
    static func player(_ sensor: String) throws -> any USBTransport {
        try parsed.value(sensor).player()
    }

    private static let parsed = ParsedRecordings()

    private final class ParsedRecordings: @unchecked Sendable {
        private let lock = NSLock()
        private var cache: [String: USBRecordingDirectory] = [:]

        func value(_ sensor: String) throws -> USBRecordingDirectory {
            if let cached = lock.withLock({ cache[sensor] }) { return cached }
            let value = try USBRecordingDirectory(sensor)
            lock.withLock { cache[sensor] = value }
            return value
        }
    }

    /// The driver of `sensor` over `transport`, without the protocol's pauses.
    static func driver(_ sensor: String, over transport: any USBTransport) -> any FingerprintSensor {
        guard let driver = SensorDrivers.driver(sensor, over: transport, pauses: false) else {
            preconditionFailure("no driver \(sensor)")
        }
        return driver
    }

    /// One capture from open to close; its result, or the error it ended with.
    static func capture(_ sensor: any FingerprintSensor, timeout: Duration = TestPatience.limit) -> Result<SensorCapture.Result, any Error> {
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
