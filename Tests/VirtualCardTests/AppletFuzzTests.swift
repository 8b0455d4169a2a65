import APDU
import Testing
import TestSupport
import VirtualCard
import FingerprintSynthesis

/// Random commands to the biometric applets: every one gets a status word, none crashes the card,
/// and no answer ever carries an enrolled reference.
@Suite struct AppletFuzzTests {
    private let selects: [[UInt8]] = [BioManagerApplet.bioManagerAID, IDStoreApplet.idStoreAID, ISOMatchOnCardApplet.isoAID]
        .map { [0x00, 0xA4, 0x04, 0x00, UInt8($0.count)] + $0 }
    private let instructions: [UInt8] = [0x20, 0x24, 0x2C, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x40, 0x42, 0x44, 0x46, 0x48,
                                         0x50, 0x52, 0x54, 0x56, 0x58, 0x5A, 0xCA, 0xDB, 0xC0]

    @Test(arguments: [UInt64(1), 2, 3])
    func randomCommandsAlwaysGetAnAnswer(seed: UInt64) throws {
        let card = try VirtualCard(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()))
        let reference = enrolReference(on: card)
        var generator = SplitMix64(seed: seed)
        for round in 0..<3_000 {
            if round % 200 == 0 { _ = card.respond(to: selects[Int(generator.next() % 3)]) }
            if round % 997 == 0 { card.reset() }
            let command = randomCommand(&generator)
            let answer = card.respond(to: command)
            #expect(answer.count >= 2, "\(command.hexString())")
            #expect(!Array(answer.dropLast(2)).containsSubsequence(reference), "\(command.hexString())")
        }
    }

    private func randomCommand(_ generator: inout SplitMix64) -> [UInt8] {
        let classes: [UInt8] = [0x00, 0x10, 0x80, 0xB0, 0xB0, 0xB0]
        let header = [classes[Int(generator.next() % 6)], instructions[Int(generator.next() % UInt64(instructions.count))],
                      UInt8(truncatingIfNeeded: generator.next() % 12), UInt8(truncatingIfNeeded: generator.next() % 4)]
        switch generator.next() % 4 {
        case 0: return header
        case 1: return header + [UInt8(truncatingIfNeeded: generator.next())]
        default:
            let count = Int(generator.next() % 255) + 1
            let data = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            return header + [UInt8(count)] + data + (generator.next() % 2 == 0 ? [0x00] : [])
        }
    }

    /// Initialises the BioManager and enrols the right index; returns its stored (sorted) bytes.
    private func enrolReference(on card: VirtualCard) -> [UInt8] {
        let key: [UInt8] = Array(0x10...0x1F)
        _ = card.respond(to: selects[0])
        let startKey = Array(card.respond(to: [0xB0, 0x48, 0x00, 0x00, 0x08]).dropLast(2))
        _ = card.respond(to: [0xB0, 0x46, 0x02, 0x00, 0x08] + startKey)
        _ = card.respond(to: [0xB0, 0x44, 0x01, 0x00, 0x10] + key)
        _ = card.respond(to: [0xB0, 0x42, 0x08, 0x00])
        _ = card.respond(to: [0xB0, 0x46, 0x01, 0x00, 0x10] + key)
        let header: [UInt8] = [0xA1, 0x0E, 0x81, 0x01, 0x08, 0x82, 0x01, 0x09, 0x87, 0x02, 0x01, 0x01, 0x88, 0x02, 0x00, 0x06]
        let reference = MinutiaeFixture.compact(count: 20, seed: 5)
        _ = card.respond(to: [0xB0, 0x30, 0x00, 0x00, UInt8(header.count)] + header)
        _ = card.respond(to: [0xB0, 0x30, 0x00, 0x01, UInt8(reference.count)] + reference)
        let final = card.respond(to: [0xB0, 0x30, 0x00, 0x02])
        precondition(final == [0x90, 0x00], "the fixture enrols")
        return Array(reference.prefix(6))
    }
}

extension Array where Element == UInt8 {
    func containsSubsequence(_ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return false }
        return (0...(count - part.count)).contains { Array(self[$0..<($0 + part.count)]) == part }
    }
}
