import Fingerprint
import Testing
import TestSupport
import USB
@testable import Sensors

/// Test vectors for the frame rules, checked offline on the strips cut from the recording.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct AES2501SheetVectorTests {
    /// The 48 strip replies and the 48 strip requests of the recording, in order.
    private func stripTransfers() throws -> (requests: [[UInt8]], replies: [[UInt8]]) {
        let transfers = try Recordings.aes2501BulkTransfers()
        let replies = transfers.filter { $0.isInput && $0.data.count == AES2501Reply.stripLength }.map(\.data)
        let requests = transfers.filter { !$0.isInput && $0.data.count == 14 && $0.data.first == 0x98 && $0.data[1] == 0x22 }
            .map(\.data)
        return (requests, replies)
    }

    @Test func histogramSumsAndGainFollowTheChip() throws {
        let (requests, replies) = try stripTransfers()
        #expect(replies.count == 48 && requests.count == 48)
        let strips = try replies.map { try AES2501Strip.decode($0).get() }
        let sums = strips.map(\.histogramSum)
        #expect(Array(sums.prefix(7)) == [5, 8, 19, 60, 123, 226, 461])
        #expect(Array(sums.suffix(6)) == [13, 5, 2, 0, 0, 0])
        #expect(strips.allSatisfy { $0.threshold == 8 })
        // ADREFHI as recorded in each request (pair 91 xx is bytes 8–9) …
        let recorded = requests.map { $0[9] }
        #expect(Array(recorded.prefix(7)) == [0x58, 0x50, 0x48, 0x40, 0x38, 0x30, 0x28])
        #expect(recorded.dropFirst(6).allSatisfy { $0 == 0x28 })
        // … is what gain control computes from the previous strip's sum.
        let sensor = AES2501Sensor(transport: USBRecordingPlayer(transfers: []))
        var adReference: UInt8 = 0x58
        for (index, sum) in sums.enumerated().dropLast() {
            adReference = sensor.nextADReference(adReference, histogramSum: sum)
            #expect(adReference == recorded[index + 1])
        }
    }

    @Test func stitchingReproducesTheSheetDeltas() throws {
        let (_, replies) = try stripTransfers()
        let frames = try replies.map { try AES2501Strip.decode($0).get() }.filter { $0.histogramSum > 0 }.map(\.frame)
        #expect(frames.count == 45)
        guard case .frames(var parameters, _) = SensorProfile.aes2501.stitching else { return }
        let quick = FrameAssembler(parameters: parameters).estimateMotion(frames)
        parameters.scoresLosingDirectionFully = true
        let motion = FrameAssembler(parameters: parameters).estimateMotion(frames)
        #expect(quick.shifts == motion.shifts && quick.forwardScore == motion.forwardScore)
        #expect(quick.reverseScore > quick.forwardScore)
        #expect(motion.forwardScore == 53_228)
        #expect(motion.reverseScore == 72_653)
        #expect(motion.direction == .forward)
        var expected = [FrameShift.zero]
        expected += Array(repeating: FrameShift(dx: 0, dy: 2), count: 3)
        expected += Array(repeating: FrameShift(dx: 0, dy: 3), count: 9)
        expected += Array(repeating: FrameShift(dx: 0, dy: 2), count: 15)
        expected += Array(repeating: FrameShift(dx: -1, dy: 2), count: 7)
        expected += Array(repeating: FrameShift(dx: 0, dy: 2), count: 6)
        expected += Array(repeating: FrameShift(dx: 0, dy: 3), count: 3)
        expected += [FrameShift(dx: 1, dy: 4)]
        #expect(motion.shifts == expected)
        #expect(motion.totalDx == -6 && motion.totalDy == 102)
    }
}
