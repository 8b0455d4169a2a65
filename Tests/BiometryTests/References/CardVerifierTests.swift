import APDU
import BiometricFormats
import Fingerprint
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

    /// A dense swipe is refused with the reason once the card's limits are read, and no VERIFY
    /// reaches the card, so no try is spent (pbtool's applets would refuse it with `6984` and say
    /// no more).
    @Test func aSwipeDenserThanFingersAllowNeverReachesTheCard() throws {
        let channel = RecordingBioManagerCard(rightIndexEnrolled: true)
        let edge = try CardBiometricEdge.select(on: CardTransport(channel: channel))
        #expect {
            try CardVerifier(edge: edge, reader: "Test Reader").verify(DenseSwipe.features, against: [.rightIndex], of: "holder")
        } throws: { error in
            guard case .tooDenseForCard(let density) = error as? BiometryError else { return false }
            return density > MinutiaDensity.plausibleLimit
        }
        #expect(channel.unexpected.isEmpty, "\(channel.unexpected)")
    }
}

/// A BioManager card with the right index enrolled that leaves the reader as soon as the host
/// asks for anything beyond SELECT and GET PROPERTIES.
private final class RemovedDuringComparison: CardChannel {
    struct Removed: CardChannelError {
        var channelFault: CardChannelFault? { .cardRemoved }
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        switch command {
        case BioManagerOpening.select: [0x90, 0x00]
        case BioManagerOpening.getProperties: BioManagerOpening.properties(rightIndexEnrolled: true)
        default: throw Removed()
        }
    }
}
