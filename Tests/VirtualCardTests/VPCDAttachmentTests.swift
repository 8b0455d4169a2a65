import Foundation
import Testing
import TestSupport
import VirtualCard

/// The card's socket loop against a stand-in for vpcd: framing over TCP, control bytes,
/// reconnecting after the peer goes away, and stopping.
@Suite(.timeLimit(.minutes(15))) struct VPCDAttachmentTests {
    private func makeAttachment(port: UInt16) throws -> (VPCDAttachment, EventLog) {
        let card = try VirtualCard(applets: [DemoApplet()])
        var parameters = VPCDAttachment.Parameters(port: port)
        parameters.initialBackoff = .milliseconds(10)
        parameters.maximumBackoff = .milliseconds(50)
        let attachment = VPCDAttachment(card: card, parameters: parameters)
        let log = EventLog()
        attachment.onEvent = { log.append($0) }
        return (attachment, log)
    }

    @Test func answersVPCDFramesOverTCP() throws {
        let server = try FakeVPCDServer()
        let (attachment, _) = try makeAttachment(port: server.port)
        attachment.start()
        defer { attachment.stop() }
        try server.accept(within: 5)
        #expect(attachment.waitUntilAttached(timeout: TestPatience.limit))
        #expect(try server.exchange([0x04]) == VirtualCard.defaultATR)
        server.send([0x01])
        #expect(try server.exchange([0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID + [0x00]).suffix(2) == [0x90, 0x00])
        server.send([0x00])
        #expect(try server.exchange([0x04]) == VirtualCard.defaultATR)
        #expect(!attachment.card.isPoweredOn)
    }

    @Test func connectsAgainAfterThePeerGoesAway() throws {
        let server = try FakeVPCDServer()
        let (attachment, log) = try makeAttachment(port: server.port)
        attachment.start()
        defer { attachment.stop() }
        try server.accept(within: 5)
        #expect(try server.exchange([0x04]) == VirtualCard.defaultATR)
        server.disconnect()
        try server.accept(within: 5)
        #expect(try server.exchange([0x04]) == VirtualCard.defaultATR)
        #expect(log.events.contains(.detached(reason: "vpcd closed the connection")))
        #expect(log.events.filter { $0 == .attached(port: server.port) }.count == 2)
    }

    @Test func retriesWhileNothingListensAndStopsPromptly() throws {
        let unused: UInt16 = try {
            let server = try FakeVPCDServer()
            return server.port
        }()
        let (attachment, log) = try makeAttachment(port: unused)
        attachment.start()
        #expect(!attachment.waitUntilAttached(timeout: .milliseconds(200)))
        #expect(attachment.stop(timeout: TestPatience.limit))
        #expect(log.events.contains { if case .retrying = $0 { true } else { false } })
    }

    @Test func stopDetachesAConnectedCard() throws {
        let server = try FakeVPCDServer()
        let (attachment, log) = try makeAttachment(port: server.port)
        attachment.start()
        try server.accept(within: 5)
        #expect(attachment.waitUntilAttached(timeout: TestPatience.limit))
        #expect(attachment.stop(timeout: TestPatience.limit))
        #expect(log.events.last == .detached(reason: "stopped"))
        #expect(throws: FakeServerError.self) { try server.receive(within: 1) }
    }
}

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [VPCDAttachment.Event] = []

    func append(_ event: VPCDAttachment.Event) { lock.withLock { stored.append(event) } }

    var events: [VPCDAttachment.Event] { lock.withLock { stored } }
}
