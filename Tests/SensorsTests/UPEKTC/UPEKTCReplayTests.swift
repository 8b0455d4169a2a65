import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The UPEK TouchChip driver against the recorded conversation, in process (strict order, the
/// vendor control requests included, the kernel's standard requests left out).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct UPEKTCReplayTests {
    private func conversation() throws -> [RecordedTransfer] {
        try Recordings.transfers("upektc_img").filter { transfer in
            guard transfer.type == .control, let setup = transfer.setup else { return true }
            return setup[0] & 0x60 != 0
        }
    }

    @Test func driverReproducesCapturePNG() throws {
        let transfers = try conversation()
        #expect(transfers.count == 104)
        let player = USBRecordingPlayer(transfers: transfers)
        let sensor = UPEKTCSensor(transport: player)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        let readout = try sensor.capture(until: deadline)
        #expect(try sensor.waitForFingerOff(until: deadline))
        sensor.close()
        #expect(player.isFinished)
        #expect(sensor.pieces == 28)
        guard case .image(let raw) = readout else {
            Issue.record("expected the coprocessor's image")
            return
        }
        let image = try #require(SensorProfile.upektc.stitcher.stitch(image: raw).image)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("upektc_img")) == 0)
    }

    @Test func messagesRoundTripWithTheRecordedCRC() throws {
        #expect(UPEKTCCommands.setup2.bytes == [0x43, 0x69, 0x61, 0x6f, 0x07, 0x00, 0x01, 0x01, 0x3d, 0x72])
        #expect(UPEKTCCommands.finish(15).bytes == [0x43, 0x69, 0x61, 0x6f, 0x07, 0xf0, 0x01, 0x01, 0x6f, 0x91])
        let decoded = try UPEKTCMessage.decode(UPEKTCCommands.startCapture(1).bytes).get()
        #expect(decoded == UPEKTCCommands.startCapture(1))
    }

    @Test func aFlippedByteFailsTheCRC() {
        var bytes = UPEKTCCommands.acknowledgeFrame(4).bytes
        bytes[7] ^= 0x01
        guard case .failure(let problem) = UPEKTCMessage.decode(bytes) else {
            Issue.record("a corrupt message was accepted")
            return
        }
        #expect(problem.detail == "a Ciao message whose CRC does not match (type 0x00)")
    }
}
