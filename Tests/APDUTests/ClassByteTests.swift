import APDU
import Testing

@Suite struct ClassByteTests {
    @Test(arguments: 0...19)
    func channelsRoundTrip(channel: Int) throws {
        let cla = try ClassByte(channel: channel)
        #expect(cla.channel == channel)
        #expect(cla.kind == (channel < 4 ? .firstInterindustry : .furtherInterindustry))
        #expect(!cla.isChained)
        #expect(cla.secureMessaging == .none)
    }

    @Test func knownCodings() throws {
        #expect(try ClassByte(channel: 0).rawValue == 0x00)
        #expect(try ClassByte(channel: 3).rawValue == 0x03)
        #expect(try ClassByte(channel: 4).rawValue == 0x40)
        #expect(try ClassByte(channel: 19).rawValue == 0x4F)
        #expect(try ClassByte(channel: 0, secureMessaging: .isoAuthenticatedHeader).rawValue == 0x0C)
        #expect(try ClassByte(channel: 0, chained: true).rawValue == 0x10)
        #expect(try ClassByte(channel: 5, secureMessaging: .iso, chained: true).rawValue == 0x71)
    }

    @Test func readsSecureMessagingBits() {
        #expect(ClassByte(rawValue: 0x04).secureMessaging == .proprietary)
        #expect(ClassByte(rawValue: 0x08).secureMessaging == .iso)
        #expect(ClassByte(rawValue: 0x0C).secureMessaging == .isoAuthenticatedHeader)
        #expect(ClassByte(rawValue: 0x60).secureMessaging == .iso)
        #expect(ClassByte(rawValue: 0x84).secureMessaging == .proprietary)
    }

    @Test func chainingBit() throws {
        #expect(try ClassByte(rawValue: 0x00).chained(true).rawValue == 0x10)
        #expect(try ClassByte(rawValue: 0x0C).chained(true).rawValue == 0x1C)
        #expect(try ClassByte(rawValue: 0x1C).chained(false).rawValue == 0x0C)
        #expect(try ClassByte(rawValue: 0x45).chained(true).rawValue == 0x55)
        #expect(try ClassByte(rawValue: 0xB0).chained(true).isChained)
        #expect(throws: APDUError.self) { try ClassByte(rawValue: 0xFF).chained(true) }
        #expect(throws: APDUError.self) { try ClassByte(rawValue: 0x20).chained(true) }
    }

    @Test func kinds() {
        #expect(ClassByte(rawValue: 0x2A).kind == .reserved)
        #expect(ClassByte(rawValue: 0x80).kind == .proprietary)
        #expect(ClassByte(rawValue: 0xFF).kind == .invalid)
        #expect(ClassByte(rawValue: 0xFF).channel == nil)
        #expect(ClassByte(rawValue: 0x81).channel == 1)
    }

    @Test func movingToAnotherChannelKeepsTheOtherBits() throws {
        #expect(try ClassByte(rawValue: 0x18).onChannel(2).rawValue == 0x1A)
        #expect(try ClassByte(rawValue: 0x18).onChannel(6).rawValue == 0x72)
        #expect(try ClassByte(rawValue: 0x72).onChannel(1).rawValue == 0x19)
        #expect(try ClassByte(rawValue: 0x80).onChannel(3).rawValue == 0x83)
        #expect(throws: APDUError.self) { try ClassByte(rawValue: 0x80).onChannel(4) }
        #expect(throws: APDUError.channelOutOfRange(20)) { try ClassByte(rawValue: 0x00).onChannel(20) }
        #expect(throws: APDUError.self) { try ClassByte(rawValue: 0x0C).onChannel(4) }
    }

    @Test func rejectsImpossibleChannels() {
        #expect(throws: APDUError.channelOutOfRange(20)) { try ClassByte(channel: 20) }
        #expect(throws: APDUError.channelOutOfRange(-1)) { try ClassByte(channel: -1) }
        #expect(throws: APDUError.self) { try ClassByte(channel: 4, secureMessaging: .proprietary) }
    }

    @Test func describesItself() {
        #expect(ClassByte(rawValue: 0x1D).description == "1D, firstInterindustry, channel 1, chained, SM isoAuthenticatedHeader")
    }
}
