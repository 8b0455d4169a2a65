import APDU
import BiometricFormats
import Foundation
import PCSC
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// Multi-APDU card operations are one PC/SC transaction, through the real stack: a second client
/// that tries to send while the operation runs (here, right after the card accepted the admin
/// key) does not get its APDU to the card.
@Suite(.serialized, .timeLimit(.minutes(2))) struct CardTransactionTests {
    private typealias Fixture = VirtualCardFixture
    /// A BioManager DELETE of the right index: with the admin key the other client had just
    /// verified, it would undo the enrolment if it got in.
    private static let deleteRightIndex: [UInt8] = [BioManager.cla, BioManager.Instruction.delete.rawValue, 0x00, 0x00]
    private static let selectBioManager: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x06] + CardEdge.bioManager.aid

    private func attachInitialised() throws -> AttachedVirtualCard {
        let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()))
        let card = try PCSCContext().connect(to: attached.reader)
        _ = try BioManager(transport: CardTransport(channel: card)).initialise(adminKey: Fixture.adminKey)
        try card.disconnect(.reset)
        return attached
    }

    @Test func aSecondClientCannotComeBetweenTheAdminKeyAndTheEnrolment() async throws {
        try await LiveStack.run {
            let attached = try attachInitialised()
            defer { try? attached.detach() }
            // pcscd makes SCardConnect wait for another client's transaction, so the intruder is
            // connected (and has selected the BioManager) before the enrolment begins.
            let intruder = try PCSCContext().connect(to: attached.reader)
            intruder.operationLimit = .seconds(2)
            _ = try intruder.transmit(Self.selectBioManager)
            let card = try PCSCContext().connect(to: attached.reader)
            let transport = CardTransport(channel: card, redaction: .nothing)
            let attempts = InterleavingAttempts(intruder: intruder, apdu: Self.deleteRightIndex)
            transport.traceObserver = { attempts.observe($0) }
            let edge = try CardBiometricEdge.select(on: transport)
            try edge.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference),
                            authorisation: .adminKey(Fixture.adminKey))
            transport.traceObserver = nil
            let attempt = try #require(attempts.results.first, "the enrolment sent no VERIFY KEY")
            switch attempt {
            case .success(let answer):
                Issue.record("the second client's APDU reached the card inside the enrolment: \(answer.hexString())")
            case .failure(let error):
                // pcsc-lite keeps the intruder waiting while the transaction is held (its library
                // asks again until it ends), so the intruder's call ends at its own limit.
                #expect(error == .timeout || error == .sharingViolation, "\(error)")
            }
            #expect(try edge.enrolledFingers() == [.rightIndex], "the enrolment stands")
            #expect(try edge.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        }
    }

    @Test func theSameHoldsForAVerificationThatReadsTheCardsRequirementsFirst() async throws {
        try await LiveStack.run {
            let attached = try attachInitialised()
            defer { try? attached.detach() }
            let setup = try PCSCContext().connect(to: attached.reader)
            try CardBiometricEdge.select(on: CardTransport(channel: setup))
                .enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference),
                        authorisation: .adminKey(Fixture.adminKey))
            try setup.disconnect(.reset)
            let intruder = try PCSCContext().connect(to: attached.reader)
            intruder.operationLimit = .seconds(2)
            let card = try PCSCContext().connect(to: attached.reader)
            let transport = CardTransport(channel: card, redaction: .nothing)
            // GET BIO HEADER comes before VERIFY: the intruder tries right after it.
            let attempts = InterleavingAttempts(intruder: intruder, apdu: Self.selectBioManager, after: .bioHeader)
            transport.traceObserver = { attempts.observe($0) }
            let edge = try CardBiometricEdge.select(on: transport)
            #expect(try edge.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
            let attempt = try #require(attempts.results.first)
            if case .success = attempt { Issue.record("the second client's APDU reached the card inside the verification") }
        }
    }
}

/// Sends the intruder's APDU, on the operation's own thread, when the card has answered the
/// instruction `after` (VERIFY KEY by default): the operation's transaction is then held.
private final class InterleavingAttempts: @unchecked Sendable {
    private let intruder: PCSCCard
    private let apdu: [UInt8]
    private let instruction: BioManager.Instruction
    private var lastInstruction: UInt8?
    private(set) var results: [Result<[UInt8], PCSCError>] = []

    init(intruder: PCSCCard, apdu: [UInt8], after instruction: BioManager.Instruction = .verifyKey) {
        self.intruder = intruder
        self.apdu = apdu
        self.instruction = instruction
    }

    func observe(_ entry: APDUTraceEntry) {
        guard case .plain(let bytes) = entry.bytes else { return }
        switch entry.direction {
        case .command:
            lastInstruction = bytes.count > 1 ? bytes[1] : nil
        case .response:
            guard lastInstruction == instruction.rawValue, results.isEmpty else { return }
            results.append(Result { () throws(PCSCError) in try intruder.transmit(apdu) })
        }
    }
}
