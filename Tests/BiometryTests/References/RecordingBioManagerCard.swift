import APDU
import SmartCard

/// A BioManager card that answers SELECT and GET PROPERTIES, and with the right index enrolled
/// also GET BIO HEADER (pbtool's compact-card header); it records anything else it is sent and
/// answers it `6D00`.
final class RecordingBioManagerCard: CardChannel {
    let rightIndexEnrolled: Bool
    private(set) var unexpected: [[UInt8]] = []

    init(rightIndexEnrolled: Bool) {
        self.rightIndexEnrolled = rightIndexEnrolled
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        switch command {
        case BioManagerOpening.select: return [0x90, 0x00]
        case BioManagerOpening.getProperties: return BioManagerOpening.properties(rightIndexEnrolled: rightIndexEnrolled)
        case _ where rightIndexEnrolled && command.prefix(2) == [0xB0, BioManager.Instruction.bioHeader.rawValue]:
            return BiometricHeader.compactCard(.rightIndex, parameters: .pbISO).tlv.encoded + [0x90, 0x00]
        default:
            unexpected.append(command)
            return [0x6D, 0x00]
        }
    }
}
