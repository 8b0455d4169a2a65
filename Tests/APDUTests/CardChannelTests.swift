import APDU
import Testing

/// A card that echoes its command: the smallest conformer of the seam.
private final class EchoChannel: CardChannel {
    func transmit(_ command: [UInt8]) throws -> [UInt8] { command + [0x90, 0x00] }
}

@Suite struct CardChannelTests {
    @Test func aConformerCarriesBytesUnchanged() throws {
        let channel: any CardChannel = EchoChannel()
        #expect(try channel.transmit([0x00, 0xA4, 0x04, 0x00]) == [0x00, 0xA4, 0x04, 0x00, 0x90, 0x00])
    }
}
