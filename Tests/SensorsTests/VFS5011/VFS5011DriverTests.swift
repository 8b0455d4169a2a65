import Foundation
import Fingerprint
import Testing
import TestSupport
import USB
@testable import Sensors

/// A VFS5011 answering every acknowledgement with `00 00` and every capture read from a script.
private func fakeVFS5011(captures: [[UInt8]], acknowledgement: [UInt8] = [0, 0]) -> ScriptedTransport {
    var capture = 0
    return ScriptedTransport { endpoint, length, _ in
        if endpoint == 0x82 && length == VFS5011Commands.captureReadLength {
            defer { capture += 1 }
            guard capture < captures.count else { throw USBError.timeout }
            return captures[capture]
        }
        return endpoint == 0x81 ? acknowledgement : []
    }
}

/// One 240-byte record whose line has the given variance-making pixels.
private func record(sequence: UInt16, pixels: (Int) -> UInt8) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 240)
    bytes[0] = 0x01
    bytes[1] = 0xfe
    bytes[2] = UInt8(sequence & 0xff)
    bytes[3] = UInt8(sequence >> 8)
    for x in 0..<160 { bytes[8 + x] = pixels(x) }
    return bytes
}

@Suite struct VFS5011DriverTests {
    @Test func aWrongAcknowledgementStopsTheInitialisation() {
        let sensor = VFS5011Sensor(transport: fakeVFS5011(captures: [], acknowledgement: [0x00, 0x01]))
        #expect {
            try sensor.open()
        } throws: { error in
            "\(error)" == "the sensor sent the reply 00 01 where 00 00 was expected during initialisation, step 11 (after 11 transfers)"
        }
        #expect(sensor.state == .inactive)
    }

    @Test func partialRecordsAreDroppedAndTheSwipeEndsOnBlankLines() throws {
        var ridge: [UInt8] = [], blank: [UInt8] = []
        for index in 0..<300 {
            ridge += record(sequence: UInt16(index)) { x in UInt8(truncatingIfNeeded: x &* 37 &+ index &* 11) }
        }
        for index in 0..<60 {
            blank += record(sequence: UInt16(300 + index)) { _ in 112 }
        }
        // A read of 300.5 records: the half record at the end is dropped.
        let first = Array(ridge.prefix(240 * 150 + 120))
        let second = Array(ridge.suffix(240 * 150)) + blank
        let sensor = VFS5011Sensor(transport: fakeVFS5011(captures: [first, second]))
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        guard case .lines(let lines, let stop, let counted) = try sensor.capture(until: deadline) else { return }
        #expect(stop == .fingerLifted)
        #expect(counted == 300 + 49)
        #expect(lines.count >= 2)
        #expect(sensor.captureReads == 2)
        #expect(try sensor.waitForFingerOff(until: deadline))
    }

    @Test func noDataBeforeTheDeadlineIsNoFinger() throws {
        let sensor = VFS5011Sensor(transport: fakeVFS5011(captures: []))
        try sensor.open()
        #expect {
            try sensor.waitForFinger(until: ContinuousClock.now + .milliseconds(20))
        } throws: { error in
            if case SensorError.noFinger = error { return true }
            return false
        }
    }

    @Test(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
    func unpluggingDuringTheCaptureIsReported() throws {
        let player = UMockdevIoctlPlayer(tree: try Recordings.vfs5011Tree())
        let sensor = VFS5011Sensor(transport: FailingTransport(player, failAfter: 100, with: USBError.noDevice))
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        #expect {
            _ = try sensor.capture(until: deadline)
        } throws: { error in
            "\(error)" == "the sensor was unplugged during line capture (after 100 transfers); plug it in and try again"
        }
    }
}
