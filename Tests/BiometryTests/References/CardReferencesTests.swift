import APDU
import BiometricFormats
import Fingerprint
import SmartCard
import Testing
@testable import Biometry

/// Enrolment onto a card as the flow sees it.
@Suite struct CardReferencesTests {
    /// A dense swipe is refused with the reason before anything but SELECT and GET PROPERTIES
    /// reaches the card, as pbtool's applets would refuse it (6984) without one.
    @Test func aSwipeDenserThanFingersAllowIsRefusedBeforeTheCard() throws {
        let channel = SelectOnlyCard()
        let edge = try CardBiometricEdge.select(on: CardTransport(channel: channel))
        let references = CardReferences(edge: edge, reader: "Test Reader", authorisation: nil)
        #expect {
            try references.enroll(DenseSwipe.features, finger: .leftIndex, user: "holder", replacing: false)
        } throws: { error in
            guard case .tooDenseForCard(let density) = error as? BiometryError else { return false }
            return density > MinutiaDensity.plausibleLimit
        }
        #expect(channel.unexpected.isEmpty, "\(channel.unexpected)")
    }
}

/// A BioManager card with nothing enrolled that answers SELECT and GET PROPERTIES and records
/// anything else it is sent.
private final class SelectOnlyCard: CardChannel {
    private(set) var unexpected: [[UInt8]] = []

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        switch command {
        case BioManagerOpening.select: return [0x90, 0x00]
        case BioManagerOpening.getProperties: return BioManagerOpening.properties(rightIndexEnrolled: false)
        default:
            unexpected.append(command)
            return [0x6D, 0x00]
        }
    }
}
