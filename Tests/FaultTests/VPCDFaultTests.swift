import APDU
import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// The virtual card's vpcd connection failing in the middle of an APDU: the client gets a clear
/// transport error (exit 3, before its own timeout could end it) or its own timeout (exit 7),
/// never a hang, and the reader takes the next card as if nothing had happened.
@Suite(.serialized, .timeLimit(.minutes(15))) struct VPCDFaultTests {
    private static let reader = "Virtual PCD 00 00"
    private static let select = "00A4040008" + DemoApplet.demoAID.hexString(separator: "")

    /// The card's connection closes after the command arrived: vpcd hands pcscd an empty answer,
    /// and pbtool reports a transport failure (exit 3).
    @Test func aSocketDroppedBeforeTheAnswerIsATransportError() async throws {
        try await LiveStack.run {
            let outcome = try Self.send(to: .dropBeforeAnswer)
            #expect(outcome.status == 3, "\(outcome.standardError) \(outcome.standardOutput)")
            #expect(outcome.standardError.contains("the card was removed during the command, or failed: its answer has no status word (0 byte(s))"), "\(outcome.standardError)")
            try Self.expectTheReaderRecovers()
        }
    }

    /// The connection closes in the middle of the answer's frame: vpcd 3.3 passes on the 3 bytes
    /// it got as if they were the whole answer. pbtool shows them with the status word flagged
    /// as invalid (ISO 7816-4 §5.6: SW1 is 6X or 9X); nothing hangs and the reader recovers.
    @Test func aSocketDroppedMidAnswerShowsAnInvalidStatusWord() async throws {
        try await LiveStack.run {
            let outcome = try Self.send(to: .dropMidAnswer)
            #expect(outcome.standardOutput.contains("SW 0E84: Not a valid status word"), "\(outcome.standardOutput) \(outcome.standardError)")
            try Self.expectTheReaderRecovers()
        }
    }

    /// Attaches a card with `fault`, sends it a SELECT with `apdu send`, waits until the card has
    /// gone from the reader; returns what pbtool said. Its own --timeout is an hour: an answer
    /// means the fault was reported, not waited out.
    private static func send(to fault: FaultyVPCDCard.Fault) throws -> PBToolProcess.Outcome {
        let card = try FaultyVPCDCard(fault)
        defer { card.close() }
        try ReaderWatch.waitForCard(in: reader, present: true)
        let outcome = try PBToolProcess.run(["apdu", "send", "--reader", reader, "--timeout", "1h", select])
        #expect(card.commandCount == 1)
        try ReaderWatch.waitForCard(in: reader, present: false)
        return outcome
    }

    @Test func aSilentCardEndsInTheClientsTimeout() async throws {
        try await LiveStack.run {
            let card = try FaultyVPCDCard(.neverAnswer)
            try ReaderWatch.waitForCard(in: Self.reader, present: true)
            let outcome = try PBToolProcess.run(["apdu", "send", "--reader", Self.reader, "--timeout", "3", Self.select])
            #expect(outcome.status == 7, "\(outcome.standardError)")
            // The card goes away while pcscd still waits for its answer.
            card.close()
            try ReaderWatch.waitForCard(in: Self.reader, present: false)
            try Self.expectTheReaderRecovers()
        }
    }

    /// A working card on the same port answers at once.
    private static func expectTheReaderRecovers() throws {
        let attached = try AttachedVirtualCard.attach()
        defer { try? attached.detach() }
        let outcome = try PBToolProcess.run(["apdu", "send", "--reader", reader, select])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("9000") || outcome.standardOutput.contains("90 00"), "\(outcome.standardOutput)")
    }
}
