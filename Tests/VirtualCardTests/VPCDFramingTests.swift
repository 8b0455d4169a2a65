import Testing
import VirtualCard

@Suite struct VPCDFramingTests {
    @Test func readsControlBytesAndCommands() throws {
        #expect(try VPCDMessage(payload: [0x00]) == .powerOff)
        #expect(try VPCDMessage(payload: [0x01]) == .powerOn)
        #expect(try VPCDMessage(payload: [0x02]) == .reset)
        #expect(try VPCDMessage(payload: [0x04]) == .getATR)
        #expect(try VPCDMessage(payload: [0x03]) == .unknownControl(0x03))
        #expect(try VPCDMessage(payload: [0x00, 0xA4]) == .command([0x00, 0xA4]))
        #expect(throws: VPCDFramingError.emptyPayload) { try VPCDMessage(payload: []) }
    }

    @Test func cutsFramesWhateverTheSplit() {
        let stream: [UInt8] = [0x00, 0x01, 0x04, 0x00, 0x04, 0x00, 0xA4, 0x04, 0x00, 0x00, 0x01, 0x01]
        for split in 0...stream.count {
            var decoder = VPCDFrameDecoder()
            var payloads: [[UInt8]] = []
            decoder.append(stream[..<split])
            while let payload = decoder.nextPayload() { payloads.append(payload) }
            decoder.append(stream[split...])
            while let payload = decoder.nextPayload() { payloads.append(payload) }
            #expect(payloads == [[0x04], [0x00, 0xA4, 0x04, 0x00], [0x01]], "split at \(split)")
            #expect(!decoder.hasPartialFrame)
        }
    }

    @Test func waitsForTheRestOfATruncatedFrame() {
        var decoder = VPCDFrameDecoder()
        decoder.append([0x00])
        #expect(decoder.nextPayload() == nil)
        decoder.append([0x03, 0xAA, 0xBB])
        #expect(decoder.nextPayload() == nil)
        #expect(decoder.hasPartialFrame)
        decoder.append([0xCC])
        #expect(decoder.nextPayload() == [0xAA, 0xBB, 0xCC])
    }

    @Test func anEmptyFrameIsReadAsAnEmptyPayload() {
        var decoder = VPCDFrameDecoder()
        decoder.append([0x00, 0x00])
        #expect(decoder.nextPayload() == [])
    }

    @Test func framesAnswersWithTheirLength() throws {
        #expect(try VPCDFrameDecoder.frame([0x90, 0x00]) == [0x00, 0x02, 0x90, 0x00])
        let long = [UInt8](repeating: 0x11, count: 300)
        #expect(try VPCDFrameDecoder.frame(long).prefix(2) == [0x01, 0x2C])
        #expect(throws: VPCDFramingError.payloadTooLong(65_536)) {
            try VPCDFrameDecoder.frame([UInt8](repeating: 0, count: 65_536))
        }
    }
}
