import APDU
import BiometricFormats
import Fingerprint
import SmartCard
import Testing
@testable import Biometry

/// Enrolment onto a card as the flow sees it.
@Suite struct CardReferencesTests {
    /// 30 minutiae 1 mm apart (1.5 per mm² at 500 dpi): refused with the reason before anything
    /// but SELECT and GET PROPERTIES reaches the card, as pbtool's applets would refuse it (6984)
    /// without one.
    @Test func aSwipeDenserThanFingersAllowIsRefusedBeforeTheCard() throws {
        let channel = SelectOnlyCard()
        let edge = try CardBiometricEdge.select(on: CardTransport(channel: channel))
        let references = CardReferences(edge: edge, reader: "Test Reader", authorisation: nil)
        let millimetre: Double = 500 / 25.4
        let minutiae = (0..<30).map { (index: Int) -> Minutia in
            let column = Double(index % 6), row = Double(index / 6)
            return Minutia(x: 100 + column * millimetre, y: 100 + row * millimetre,
                           direction: Double(index) * 0.2, kind: .ending, quality: 80)
        }
        let features = FingerprintFeatures(
            minutiae: minutiae, width: 400, height: 400, dpi: 500,
            foreground: ForegroundMap(columns: 1, rows: 1, blockSize: 400, resolution: 500, flags: [true]), quality: 80)
        #expect {
            try references.enroll(features, finger: .leftIndex, user: "holder", replacing: false)
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
