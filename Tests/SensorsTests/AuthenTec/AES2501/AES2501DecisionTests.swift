import Fingerprint
import Testing
import TestSupport
import USB
@testable import Sensors

/// A simulated AES2501 answering the driver's reads: finger-detect sums, strips with chosen
/// histogram sums, register dumps with a chosen calibration status.
private struct FakeAES2501 {
    var fingerSums: [Int] = [0, 20, 21]
    var stripSums: [Int] = [50, 0, 50, 0, 0, 0]
    var calibrationStatus: [UInt8] = [0x20]
    var shortStripAt: Int?
    var corruptStripAt: Int?

    func dump(status: UInt8) -> [UInt8] {
        var dump = [UInt8](repeating: 0, count: 126)
        for register in 0..<63 { dump[2 * register] = UInt8(0x80 + register) }
        dump[2 * (0x97 - 0x80) + 1] = 0x18
        dump[2 * (0xaf - 0x80) + 1] = status
        return dump
    }

    func fingerReply(sum: Int) -> [UInt8] {
        var reply = [UInt8](repeating: 0, count: 20)
        reply[0] = 0xf0
        var left = sum
        for index in 1...8 where left > 0 {
            let low = min(15, left); left -= low
            let high = min(15, left); left -= high
            reply[index] = UInt8(high << 4 | low)
        }
        return reply
    }

    func strip(sum: Int, index: Int) -> [UInt8] {
        var reply = [UInt8](repeating: 0, count: AES2501Reply.stripLength)
        reply[0] = index == corruptStripAt ? 0x00 : 0xe0
        reply[1537] = 0xde
        reply[1538 + 2 * 8] = UInt8(sum & 0xff)     // bin 8: at the threshold
        reply[1538 + 2 * 8 + 1] = UInt8(sum >> 8)
        reply[1 + 8 * 10] = sum > 0 ? 0xff : 0
        reply.replaceSubrange(1579..<1705, with: dump(status: 0))
        return index == shortStripAt ? Array(reply.prefix(1000)) : reply
    }

    func transport() -> ScriptedTransport {
        var finger = 0, strip = 0, dumps = 0
        return ScriptedTransport { _, length, _ in
            switch length {
            case 20:
                defer { finger += 1 }
                return finger == 0 ? fingerReply(sum: 0) : fingerReply(sum: fingerSums[min(finger - 1, fingerSums.count - 1)])
            case 126:
                defer { dumps += 1 }
                return dump(status: calibrationStatus[min(dumps, calibrationStatus.count - 1)])
            case 159:
                return [UInt8](repeating: 0, count: 159)
            default:
                defer { strip += 1 }
                return self.strip(sum: stripSums[min(strip, stripSums.count - 1)], index: strip)
            }
        }
    }
}

@Suite struct AES2501DecisionTests {
    private func run(_ fake: FakeAES2501) throws -> (SensorReadout, ScriptedTransport) {
        let transport = fake.transport()
        let sensor = AES2501Sensor(transport: transport)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        return (try sensor.capture(until: deadline), transport)
    }

    @Test func aNibbleSumOfExactlyTwentyIsNoFinger() throws {
        let (_, transport) = try run(FakeAES2501())
        // Activation reads 20 + 126; polls read sums 0, 20, then 21 (finger): 3 polls.
        let pollWrites = transport.writes.filter { $0 == [0x80, 0x04, 0x81, 0x04, 0xb4, 0x00] }.count
        #expect(pollWrites == 3)
    }

    @Test func anEmptyStripBetweenFullOnesDoesNotEndTheSwipe() throws {
        let (strips, transport) = try run(FakeAES2501())
        guard case .frames(let frames, let lifted) = strips else { Issue.record("expected frames"); return }
        #expect(frames.count == 2)
        #expect(lifted)
        let requests = transport.writes.filter { $0.count == 14 && $0[0] == 0x98 && $0[1] == 0x22 }
        #expect(requests.count == 6)
        // Every sum is below 700: ADREFHI steps down 0x58, 0x50, … and stops at 0x28.
        #expect(requests.map { $0[9] } == [0x58, 0x50, 0x48, 0x40, 0x38, 0x30])
    }

    @Test func gainControlClampsAtBothEnds() {
        let sensor = AES2501Sensor(transport: ScriptedTransport { _, _, _ in [] })
        #expect(sensor.nextADReference(0x28, histogramSum: 0) == 0x28)
        #expect(sensor.nextADReference(0x2c, histogramSum: 699) == 0x28)
        #expect(sensor.nextADReference(0x40, histogramSum: 700) == 0x40)
        #expect(sensor.nextADReference(0x40, histogramSum: 1000) == 0x40)
        #expect(sensor.nextADReference(0x40, histogramSum: 1001) == 0x48)
        #expect(sensor.nextADReference(0x58, histogramSum: 5000) == 0x58)
    }

    @Test func aShortStripIsAnError() throws {
        var fake = FakeAES2501()
        fake.shortStripAt = 1
        #expect {
            _ = try run(fake)
        } throws: { error in
            "\(error)".contains("a short reply: 1000 of 1705 bytes during strip capture")
        }
    }

    @Test func aCorruptStripIsAnError() throws {
        var fake = FakeAES2501()
        fake.corruptStripAt = 0
        #expect {
            _ = try run(fake)
        } throws: { error in
            "\(error)".contains("a corrupt strip (byte 0 is 0x00, expected 0xe0)")
        }
    }

    @Test func calibrationIsRetriedWhileRegisterAFReads6B() throws {
        var fake = FakeAES2501()
        fake.calibrationStatus = [0x6b, 0x6b, 0x20]
        let (_, transport) = try run(fake)
        let retries = transport.writes.filter { $0 == [0xff, 0x00, 0x80, 0x01, 0xa8, 0x41, 0x82, 0x42, 0x83, 0x53, 0x80, 0x04] }
        #expect(retries.count == 2)
        #expect(transport.writes.filter { $0 == [0x81, 0x02] }.count == 3)
    }

    @Test func calibrationRetriesStopAtThirteenDumps() throws {
        var fake = FakeAES2501()
        fake.calibrationStatus = [0x6b]
        let (_, transport) = try run(fake)
        #expect(transport.writes.filter { $0 == [0x81, 0x02] }.count == 13)
    }

    @Test func noFingerBeforeTheDeadlineIsATimeout() throws {
        var fake = FakeAES2501()
        fake.fingerSums = [0]
        let sensor = AES2501Sensor(transport: fake.transport())
        try sensor.open()
        #expect {
            try sensor.waitForFinger(until: ContinuousClock.now + .milliseconds(50))
        } throws: { error in
            if case SensorError.noFinger = error { return true }
            return false
        }
        #expect(sensor.state == .idle)
    }

    @Test func aFingerThatNeverLeavesStopsAtTheFrameLimit() throws {
        var fake = FakeAES2501()
        fake.stripSums = [50]
        var parameters = AES2501Sensor.Parameters()
        parameters.maximumFrames = 10
        let sensor = AES2501Sensor(transport: fake.transport(), parameters: parameters)
        let deadline = ContinuousClock.now + .seconds(5)
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        guard case .frames(let frames, let lifted) = try sensor.capture(until: deadline) else { return }
        #expect(frames.count == 10 && !lifted)
        #expect(try !sensor.waitForFingerOff(until: deadline))
    }

    @Test func unpluggingMidSwipeEndsTheCaptureClearly() throws {
        let transport = FailingTransport(FakeAES2501().transport(), failAfter: 30, with: USBError.noDevice)
        let sensor = AES2501Sensor(transport: transport)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        #expect {
            _ = try sensor.capture(until: deadline)
        } throws: { error in
            guard case SensorError.unplugged(let phase, let transfers) = error else { return false }
            return phase == "strip capture" && transfers == 30
        }
    }

    @Test func theNibblePackingIsColumnMajorLowNibbleFirst() throws {
        var reply = [UInt8](repeating: 0, count: AES2501Reply.stripLength)
        reply[0] = 0xe0
        reply[1537] = 0xde
        reply[1579] = 0x80
        reply[1579 + 2 * (0x97 - 0x80) + 1] = 0x18
        reply[1 + 8 * 5 + 3] = 0x9a     // column 5, rows 6 (low nibble) and 7 (high nibble)
        let strip = try AES2501Strip.decode(reply).get()
        #expect(strip.frame[5, 6] == 0xa * 17)
        #expect(strip.frame[5, 7] == 0x9 * 17)
        #expect(strip.frame.pixels.filter { $0 != 0 }.count == 2)
        #expect(strip.threshold == 8)
    }
}
