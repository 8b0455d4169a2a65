import Foundation
import Testing
import TestSupport
import VirtualCard

/// A card pulled out of its reader in the middle of a card command (issue 24, item 6): whichever
/// APDU it vanishes at, every card and IDStore command ends the same way — exit 3 and
/// "the card was removed during the command" (docs/idstore.md, docs/exit-codes.md) — through
/// pcscd and vpcd, with a personalised virtual card that is pulled after answering N commands.
@Suite(.serialized, .timeLimit(.minutes(20))) struct CardPulledMidCommandTests {
    private static let reader = "Virtual PCD 00 00"
    private static let adminKey = "00112233445566778899AABBCCDDEEFF"
    private static let pullPoints = [0, 1, 2, 3, 5, 8]

    @Test func everyCardCommandPulledMidwaySaysTheCardWasRemovedWithExitThree() async throws {
        try await LiveStack.run {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-pulled-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let reference = MinutiaeFixture.compact(count: 30, seed: 11)
            let template = folder.appendingPathComponent("finger.compact").path
            try Data(reference).write(to: URL(fileURLWithPath: template))
            let secret = folder.appendingPathComponent("secret.txt").path
            try Data("vpn: hunter2\n".utf8).write(to: URL(fileURLWithPath: secret))
            let card = try Self.personalisedCard(template: template, secret: secret)
            // Commands that reset the card at their end (enroll, unblock, put, delete) are left
            // out: pcscd 1.9.9's vpcd reader, reset after its card's connection dropped, did not
            // take the next card within five minutes in this test's first run.
            let commands: [[String]] = [
                ["card", "status"], ["card", "fingers"], ["card", "logout"],
                ["card", "verify", "--finger", "right-index", "--template", template],
                ["idstore", "list"], ["idstore", "get", "vpn", "--finger", "right-index", "--template", template],
            ]
            for command in commands {
                for answered in Self.pullPoints {
                    let pulled = try Self.run(command, on: card, pulledAfter: answered)
                    guard let pulled else { break }
                    #expect(pulled.status == 3, "\(command) pulled after \(answered) APDU(s): \(pulled.standardError)")
                    #expect(pulled.standardError.contains("the card was removed during the command"),
                            "\(command) pulled after \(answered) APDU(s): \(pulled.standardError)")
                }
            }
        }
    }

    /// `card init`, the right index enrolled, and "vpn" stored for a finger, on a card attached
    /// the ordinary way; the card (its applets' state in memory) is then detached for the pulls.
    private static func personalisedCard(template: String, secret: String) throws -> VirtualCard {
        let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()))
        defer { try? attached.detach() }
        let key = ["--admin-key", adminKey]
        for command in [["card", "init"] + key,
                        ["card", "enroll", "--finger", "right-index", "--template", template] + key,
                        ["idstore", "put", "vpn", "--from", secret, "--access", "finger"] + key] {
            let outcome = try PBToolProcess.run(command)
            #expect(outcome.status == 0, "\(command): \(outcome.standardError)")
        }
        return attached.card
    }

    /// Runs `command` against `card`, pulled when the command after the first `answered` ones
    /// arrives; nil when the command sent no more than `answered` APDUs (it was not pulled).
    private static func run(_ command: [String], on card: VirtualCard,
                            pulledAfter answered: Int) throws -> PBToolProcess.Outcome? {
        let faulty = try FaultyVPCDCard(.pulledAfter(answered: answered, card: card))
        try ReaderWatch.waitForCard(in: reader, present: true)
        let outcome = try PBToolProcess.run(command + ["--reader", reader])
        faulty.close()
        try ReaderWatch.waitForCard(in: reader, present: false)
        return faulty.commandCount > answered ? outcome : nil
    }
}
