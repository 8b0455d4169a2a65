import APDU
import Foundation
import Testing
import VirtualCard

/// The card and its applet dispatch, without sockets.
@Suite struct VirtualCardTests {
    private let selectDemo: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID

    private func makeCard(stateFile: URL? = nil) throws -> VirtualCard {
        try VirtualCard(applets: [DemoApplet()], stateFile: stateFile)
    }

    @Test func answersVPCDControlMessages() throws {
        let card = try makeCard()
        #expect(card.answer(.getATR) == VirtualCard.defaultATR)
        #expect(card.answer(.powerOn) == nil)
        #expect(card.isPoweredOn)
        #expect(card.answer(.powerOff) == nil)
        #expect(!card.isPoweredOn)
        #expect(card.answer(.getATR) == VirtualCard.defaultATR)
        #expect(card.answer(.unknownControl(0x09)) == nil)
    }

    @Test func selectsByFullAndPartialAID() throws {
        let card = try makeCard()
        let answer = card.respond(to: selectDemo + [0x00])
        #expect(answer.suffix(2) == [0x90, 0x00])
        #expect(answer.starts(with: [0x6F, 0x19, 0x84, 0x08] + DemoApplet.demoAID))
        #expect(card.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x03, 0xF0, 0x70, 0x62, 0x00]).suffix(2) == [0x90, 0x00])
        // Without Le the FCI waits behind 61XX, as on a T=0 card.
        #expect(card.respond(to: selectDemo) == [0x61, 0x1B])
        #expect(card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x1B]) == answer)
        #expect(card.respond(to: [0x00, 0xA4, 0x04, 0x0C, 0x08] + DemoApplet.demoAID) == [0x90, 0x00])
        #expect(card.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x02, 0xA0, 0x00]) == [0x6A, 0x82])
    }

    @Test func refusesCommandsWithoutASelectedApplet() throws {
        let card = try makeCard()
        #expect(card.respond(to: [0x80, 0x32, 0x00, 0x00, 0x04]) == [0x6D, 0x00])
    }

    @Test func answersMalformedAPDUsWithWrongLength() throws {
        let card = try makeCard()
        #expect(card.respond(to: [0x00, 0xA4, 0x04]) == [0x67, 0x00])
        #expect(card.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x05, 0x01]) == [0x67, 0x00])
    }

    @Test func handsOutLongAnswersThroughGetResponse() throws {
        let card = try makeCard()
        _ = card.respond(to: selectDemo)
        #expect(card.respond(to: [0x80, 0x10, 0x00, 0x00, 0x02, 0x01, 0x02]) == [0x61, 0x02])
        #expect(card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x01]) == [0x01, 0x61, 0x01])
        #expect(card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x01]) == [0x02, 0x90, 0x00])
        #expect(card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x01]) == [0x69, 0x85])
        // 300 bytes with Le 256: 256 bytes then 61 2C.
        let first = card.respond(to: [0x80, 0x20, 0x01, 0x2C, 0x00])
        #expect(first.count == 258)
        #expect(first.suffix(2) == [0x61, 0x2C])
        let rest = card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x2C])
        #expect(rest.dropLast(2) == (256..<300).map { UInt8($0 & 0xFF) }[...])
        #expect(rest.suffix(2) == [0x90, 0x00])
    }

    @Test func anotherCommandDropsPendingData() throws {
        let card = try makeCard()
        _ = card.respond(to: selectDemo)
        #expect(card.respond(to: [0x80, 0x10, 0x00, 0x00, 0x01, 0x05]) == [0x61, 0x01])
        #expect(card.respond(to: [0x80, 0x32, 0x00, 0x00, 0x04]) == [0x00, 0x00, 0x00, 0x00, 0x90, 0x00])
        #expect(card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x01]) == [0x69, 0x85])
    }

    @Test func theDemoAppletAnswersAWrongLeWith6C() throws {
        let card = try makeCard()
        _ = card.respond(to: selectDemo)
        #expect(card.respond(to: [0x80, 0x20, 0x00, 0x10, 0x00]) == [0x6C, 0x10])
        #expect(card.respond(to: [0x80, 0x20, 0x00, 0x10]) == [0x6C, 0x10])
        #expect(card.respond(to: [0x80, 0x20, 0x00, 0x03, 0x03]) == [0x00, 0x01, 0x02, 0x90, 0x00])
        #expect(card.respond(to: [0x80, 0x20, 0x00, 0x00, 0x00]) == [0x6A, 0x86])
        #expect(card.respond(to: [0x80, 0x20, 0x10, 0x01, 0x00]) == [0x6A, 0x86])
        #expect(card.respond(to: [0x00, 0x20, 0x00, 0x03, 0x03]) == [0x6E, 0x00])
        #expect(card.respond(to: [0x80, 0x7F, 0x00, 0x00]) == [0x6D, 0x00])
    }

    @Test func resetDeselectsAndDropsPendingData() throws {
        let card = try makeCard()
        _ = card.respond(to: selectDemo)
        _ = card.respond(to: [0x80, 0x10, 0x00, 0x00, 0x01, 0x05])
        card.reset()
        #expect(card.respond(to: [0x00, 0xC0, 0x00, 0x00, 0x01]) == [0x69, 0x85])
        #expect(card.respond(to: [0x80, 0x32, 0x00, 0x00, 0x04]) == [0x6D, 0x00])
    }

    @Test func dispatchesToTheSelectedAppletAndTellsTheOtherItWasDeselected() throws {
        let first = RecordingApplet(aid: [0xF0, 0x00, 0x00, 0x00, 0x01])
        let second = RecordingApplet(aid: [0xF0, 0x00, 0x00, 0x00, 0x02])
        let card = try VirtualCard(applets: [first, second])
        _ = card.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x05] + first.aid)
        _ = card.respond(to: [0x80, 0x01, 0x00, 0x00])
        _ = card.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x05] + second.aid)
        _ = card.respond(to: [0x80, 0x02, 0x00, 0x00])
        card.powerOff()
        #expect(first.log == ["select", "process 01", "deselect", "reset"])
        #expect(second.log == ["select", "process 02", "deselect", "reset"])
    }

    @Test func refusesBadSetups() {
        #expect(throws: VirtualCardError.invalidATR(count: 0)) { try VirtualCard(atr: [], applets: []) }
        #expect(throws: VirtualCardError.invalidATR(count: 34)) {
            try VirtualCard(atr: [UInt8](repeating: 0x3B, count: 34), applets: [])
        }
        #expect(throws: VirtualCardError.duplicateAID("F07062746F6F6C01")) {
            try VirtualCard(applets: [DemoApplet(), DemoApplet()])
        }
    }

    @Test func theInProcessChannelIsACardChannel() throws {
        let channel: any CardChannel = VirtualCardChannel(card: try makeCard())
        #expect(try channel.transmit(selectDemo + [0x00]).suffix(2) == [0x90, 0x00])
    }
}

/// An applet that writes down what the card asked of it.
final class RecordingApplet: Applet {
    let aid: [UInt8]
    private(set) var log: [String] = []

    init(aid: [UInt8]) { self.aid = aid }

    func select(_ command: CommandAPDU) -> ResponseAPDU {
        log.append("select")
        return ResponseAPDU(statusWord: .success)
    }

    func process(_ command: CommandAPDU) -> ResponseAPDU {
        log.append("process " + [command.ins].hexString())
        return ResponseAPDU(statusWord: .success)
    }

    func deselect() { log.append("deselect") }

    func reset() { log.append("reset") }
}
