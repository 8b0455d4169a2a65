import APDU
import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// Drives the real stack: libpcsclite → pcscd → vpcd → the virtual card in this process.
@Suite(.serialized, .timeLimit(.minutes(15))) struct LiveCardTests {
    private let selectDemo: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID + [0x00]

    @Test func listsTheVPCDReaders() async throws {
        try await LiveStack.run {
            let readers = try PCSCContext().readers()
            #expect(readers.contains("Virtual PCD 00 00"))
            #expect(readers.contains("Virtual PCD 00 01"))
        }
    }

    @Test func transmitsThroughPCSCDAndReportsStatus() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            let answer = try card.transmit(selectDemo)
            #expect(Array(answer.suffix(2)) == [0x90, 0x00])
            #expect(answer.starts(with: [0x6F]))
            let status = try card.status()
            #expect(status.atr == VirtualCard.defaultATR)
            #expect(status.flags.contains(.present))
            #expect(status.flags.contains(.powered))
            #expect(status.readerNames == [attached.reader])
            #expect(status.activeProtocol == .t1)
            #expect(card.activeProtocol == .t1)
        }
    }

    @Test func getResponseAndWrongLeRoundTripThroughPCSCD() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            _ = try card.transmit(selectDemo)
            // ECHO without Le: the card keeps the data behind 61 03.
            #expect(try card.transmit([0x80, 0x10, 0x00, 0x00, 0x03, 0xAA, 0xBB, 0xCC]) == [0x61, 0x03])
            #expect(try card.transmit([0x00, 0xC0, 0x00, 0x00, 0x03]) == [0xAA, 0xBB, 0xCC, 0x90, 0x00])
            // READ PATTERN of 5 bytes with Le 2: 6C 05, then the exact Le works.
            #expect(try card.transmit([0x80, 0x20, 0x00, 0x05, 0x02]) == [0x6C, 0x05])
            #expect(try card.transmit([0x80, 0x20, 0x00, 0x05, 0x05]) == [0x00, 0x01, 0x02, 0x03, 0x04, 0x90, 0x00])
        }
    }

    @Test func theAPDUTransportFollowsGetResponseChainsThroughPCSCD() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            _ = try card.transmit(selectDemo)
            // 600 bytes with Le 256: 256 + 61 00, then GET RESPONSE for the rest.
            var collected: [UInt8] = []
            var answer = try card.transmit([0x80, 0x20, 0x02, 0x58, 0x00])
            while true {
                collected += answer.dropLast(2)
                guard answer[answer.count - 2] == 0x61 else { break }
                answer = try card.transmit([0x00, 0xC0, 0x00, 0x00, answer[answer.count - 1]])
            }
            #expect(Array(answer.suffix(2)) == [0x90, 0x00])
            #expect(collected == (0..<600).map { UInt8($0 & 0xFF) })
        }
    }

    @Test func transactionsRunTheirBodyAndEnd() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            let answer = try card.withTransaction { card in
                _ = try card.transmit(selectDemo)
                return try card.transmit([0x80, 0x32, 0x00, 0x00, 0x04])
            }
            #expect(answer == [0x00, 0x00, 0x00, 0x00, 0x90, 0x00])
            // The transaction ended: another one can begin at once.
            try card.withTransaction { _ in }
        }
    }

    @Test func aCardRemovedDuringATransactionIsANamedError() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            let card = try PCSCContext().connect(to: attached.reader)
            var caught: PCSCError?
            do {
                try card.withTransaction { card in
                    _ = try card.transmit(selectDemo)
                    try attached.detach()
                    _ = try card.transmit(selectDemo)
                }
            } catch let error as PCSCError {
                caught = error
            }
            let error = try #require(caught)
            #expect(error == .removedCard, "got \(error)")
            #expect(error.function == "SCardTransmit")
        }
    }

    @Test func connectingToAnEmptyOrUnknownReaderFailsByName() async throws {
        try await LiveStack.run {
            let context = try PCSCContext()
            #expect(throws: PCSCError.noSmartCard) { try context.connect(to: "Virtual PCD 00 01") }
            #expect(throws: PCSCError.unknownReader) { try context.connect(to: "No Such Reader 00 00") }
        }
    }

    @Test func exclusiveConnectionsKeepOthersOut() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let exclusive = try PCSCContext().connect(to: attached.reader, share: .exclusive)
            #expect(throws: PCSCError.sharingViolation) { try PCSCContext().connect(to: attached.reader) }
            try exclusive.disconnect()
            let shared = try PCSCContext().connect(to: attached.reader)
            #expect(shared.shareMode == .shared)
        }
    }

    @Test func resetDispositionsAndReconnectReachTheCard() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let context = try PCSCContext()
            let card = try context.connect(to: attached.reader)
            _ = try card.transmit(selectDemo)
            try card.reconnect(initialization: .reset)
            // The reset deselected the applet: its commands are unknown until SELECT.
            #expect(try card.transmit([0x80, 0x32, 0x00, 0x00, 0x04]) == [0x6D, 0x00])
            _ = try card.transmit(selectDemo)
            try card.disconnect(.reset)
            #expect(throws: PCSCError.invalidHandle) { try card.transmit(selectDemo) }
            let again = try context.connect(to: attached.reader)
            #expect(try again.transmit([0x80, 0x32, 0x00, 0x00, 0x04]) == [0x6D, 0x00])
        }
    }

    @Test func attributesAndControlCodesDegradeOnVPCD() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            #expect(try card.attribute(.vendorName) == nil)
            #expect(try card.features().isEmpty)
            #expect(throws: PCSCError.unsupportedFeature) { try card.control(PCSCCard.controlCode(3400)) }
        }
    }

    @Test func connectsWithTheProtocolAskedFor() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader, protocols: .t0)
            #expect(card.activeProtocol == .t0)
            #expect(try card.transmit(selectDemo).suffix(2) == [0x90, 0x00])
        }
    }

    @Test func directConnectionsReachAnEmptyReader() async throws {
        try await LiveStack.run {
            let card = try PCSCContext().connect(to: "Virtual PCD 00 01", share: .direct, protocols: [])
            #expect(card.shareMode == .direct)
            #expect(card.activeProtocol == nil)
            #expect(try card.features().isEmpty)
        }
    }

    @Test func extendedLengthAnswersFitTheReceiveBuffer() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            _ = try card.transmit(selectDemo)
            // Case 2E: READ PATTERN of 4096 bytes with extended Le 1000.
            let answer = try card.transmit([0x80, 0x20, 0x10, 0x00, 0x00, 0x10, 0x00])
            #expect(answer.count == 4098)
            #expect(answer.suffix(2) == [0x90, 0x00])
            #expect(answer.prefix(4096) == (0..<4096).map { UInt8($0 & 0xFF) }[...])
        }
    }
}
