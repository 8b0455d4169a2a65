import APDU
import BiometricFormats
import SmartCard
import Testing
@testable import Biometry

/// Verification on a card as the flow sees it: card problems arrive as SmartCard domain errors,
/// and a card pulled out during the comparison is told as a device event.
@Suite struct CardVerifierTests {
    @Test func aCardPulledOutDuringTheComparisonIsAnEventAndADomainError() async throws {
        let edge = try CardBiometricEdge.select(on: CardTransport(channel: RemovedDuringComparison()))
        let references = CardReferences(edge: edge, reader: "Test Reader", authorisation: nil)
        let controller = VerificationController(
            configuration: .init(user: "holder", fingers: .finger(.rightIndex)),
            sensor: TestFingers.sensor(seed: 1, impressions: 1...1), engine: TestFingers.engine,
            references: references, verifier: CardVerifier(edge: edge, reader: "Test Reader"), lockout: nil)
        var events: [BiometryEvent] = []
        var thrown: (any Error)?
        do {
            for try await event in controller { events.append(event) }
        } catch {
            thrown = error
        }
        #expect(thrown as? CardEdgeError == .cardRemoved, "\(String(describing: thrown))")
        #expect(events.contains { if case .device(.cardRemoved) = $0 { true } else { false } })
    }
}

/// A BioManager card with the right index enrolled that leaves the reader as soon as the host
/// asks for anything beyond SELECT and GET PROPERTIES.
private final class RemovedDuringComparison: CardChannel {
    struct Removed: CardChannelError {
        var channelFault: CardChannelFault? { .cardRemoved }
    }

    private static let selectBioManager: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x06, 0xA0, 0x00, 0x00, 0x00, 0x84, 0x00, 0x00]
    private static let getProperties: [UInt8] = [0xB0, 0x40, 0x00, 0x00, 0x19]
    /// Version 1.0, matcher 1.0, operational, 5 admin-key tries, 10 containers of 5 tries,
    /// nothing verified or blocked, container 0 (right index) enrolled.
    private static let properties: [UInt8] = [0x01, 0x00, 0x01, 0x00, 0x08, 0x05, 0x00, 0x00, 0x0A]
        + Array(repeating: 0x05, count: 10) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x01]

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        switch command {
        case Self.selectBioManager: [0x90, 0x00]
        case Self.getProperties: Self.properties + [0x90, 0x00]
        default: throw Removed()
        }
    }
}
