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
        let channel = RecordingBioManagerCard(rightIndexEnrolled: false)
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
