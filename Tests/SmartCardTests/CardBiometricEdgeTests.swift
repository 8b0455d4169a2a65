import APDU
import BiometricFormats
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// The edge flows and commands use: which application it selects, management authorised in the
/// same exchange, one requirements read per verification, and channel failures as domain errors.
@Suite struct CardBiometricEdgeTests {
    private typealias Fixture = VirtualCardFixture

    private func isoOnlyTransport() throws -> CardTransport {
        let card = try VirtualCard(applets: [ISOMatchOnCardApplet(comparison: SameMinutiaeComparison())])
        return CardTransport(channel: VirtualCardChannel(card: card), redaction: .nothing)
    }

    @Test func choosesTheBioManagerFirstAndFallsBackToTheISOApplication() throws {
        let fixture = try Fixture()
        #expect(try CardBiometricEdge.select(on: fixture.transport).kind == .bioManager)
        #expect(try CardBiometricEdge.select(.iso, on: fixture.transport).kind == .isoMatchOnCard)
        let isoOnly = try isoOnlyTransport()
        #expect(try CardBiometricEdge.select(on: isoOnly).name == "iso")
        #expect(throws: CardEdgeError.edgeNotFound(.bioManager)) { try CardBiometricEdge.select(.biomanager, on: isoOnly) }
    }

    @Test func enrolsOnlyWithTheRightCredentialAndReportsTheFinger() throws {
        let fixture = try Fixture()
        try fixture.initialize()
        fixture.reset()
        let edge = try CardBiometricEdge.select(on: fixture.transport)
        let reference = try CompactCardTemplate(bytes: Fixture.reference)
        #expect(throws: CardEdgeError.wrongKey(key: "admin key", retriesLeft: 4)) {
            try edge.enroll(.leftThumb, minutiae: reference, authorisation: .adminKey(Array(repeating: 0, count: 16)))
        }
        #expect(throws: CardEdgeError.self) { try edge.enroll(.leftThumb, minutiae: reference, authorisation: .adminPIN("1234")) }
        #expect(try edge.enrolledFingers().isEmpty)
        try edge.enroll(.leftThumb, minutiae: reference, authorisation: .adminKey(Fixture.adminKey))
        let statuses = try edge.fingerStatuses()
        #expect(statuses.map(\.finger) == [.leftThumb])
        #expect(statuses.first?.reference == nil && statuses.first?.retriesLeft == 5)
        try edge.delete(.leftThumb, authorisation: .adminKey(Fixture.adminKey))
        #expect(try edge.enrolledFingers().isEmpty)
    }

    @Test func theISOEdgeTakesTheAdminPINAndNamesItsReferences() throws {
        let edge = try CardBiometricEdge.select(on: try isoOnlyTransport())
        let reference = try CompactCardTemplate(bytes: Fixture.reference)
        #expect(throws: CardEdgeError.wrongKey(key: "admin PIN", retriesLeft: 4)) {
            try edge.enroll(.rightRing, minutiae: reference, authorisation: .adminPIN("11111111"))
        }
        try edge.enroll(.rightRing, minutiae: reference, authorisation: .adminPIN("87654321"))
        let status = try #require(try edge.fingerStatuses().first)
        #expect(status.finger == .rightRing && status.reference == 0x94)
        #expect(status.format == "ISO 19794-2 compact card")
        #expect(try edge.verify(.rightRing, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
    }

    @Test func aVerificationReadsTheRequirementsOnceAndSendsTheProbeAsBuilt() throws {
        let fixture = try Fixture()
        try fixture.enrollRightIndex()
        let edge = try CardBiometricEdge.select(on: fixture.transport)
        var asked: [CardMinutiaeRequirements] = []
        let outcome = try edge.verify(.rightIndex) { requirements in
            asked.append(requirements)
            return try CompactCardTemplate(bytes: Fixture.probe).prepared(for: requirements).get()
        }
        #expect(outcome == .match)
        #expect(asked == [.pbISO])
    }

    @Test func channelFailuresReachTheCallerAsDomainErrors() throws {
        let cases: [(CardChannelFault, CardEdgeError)] = [
            (.cardRemoved, .cardRemoved), (.cardReset, .cardReset), (.cardBusy, .cardBusy),
            (.connectionLost, .connectionLost("lost")), (.timedOut, .timedOut("lost")), (.cancelled, .cancelled),
        ]
        for (fault, expected) in cases {
            let fixture = try Fixture()
            try fixture.enrollRightIndex()
            let failing = FailingChannel(VirtualCardChannel(card: fixture.card))
            let edge = try CardBiometricEdge.select(on: CardTransport(channel: failing))
            failing.fault = fault
            #expect(throws: expected) { try edge.enrolledFingers() }
        }
        let fixture = try Fixture()
        let failing = FailingChannel(VirtualCardChannel(card: fixture.card))
        let edge = try CardBiometricEdge.select(on: CardTransport(channel: failing))
        failing.fault = nil
        failing.failsPlainly = true
        #expect(throws: FailingChannel.PlainFailure.self) { try edge.enrolledFingers() }
    }
}

/// A channel that passes exchanges to a real one until told to fail, with a channel fault or with
/// an error that is none.
private final class FailingChannel: CardChannel {
    struct Fault: CardChannelError, CustomStringConvertible {
        let channelFault: CardChannelFault?
        var description: String { "lost" }
    }

    struct PlainFailure: Error {}

    private let inner: any CardChannel
    var fault: CardChannelFault?
    var failsPlainly = false

    init(_ inner: any CardChannel) { self.inner = inner }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        if let fault { throw Fault(channelFault: fault) }
        if failsPlainly { throw PlainFailure() }
        return try inner.transmit(command)
    }
}
