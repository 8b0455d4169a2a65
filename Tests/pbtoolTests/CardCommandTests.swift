import Foundation
import Testing
import TestSupport
import VirtualCard

/// `pbtool card …` and `pbtool apdu send` end to end: the built binary against pcscd, vpcd and
/// the virtual card (in this process, or `pbtool card emulate` as its own process).
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardCommandTests {
    private let selectDemo = "00A4040008F07062746F6F6C01"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func readersListsBothVPCDReadersWithTheCard() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let text = try PBToolProcess.run(["card", "readers"])
            #expect(text.status == 0)
            #expect(text.standardOutput.contains("Virtual PCD 00 00: card present"))
            #expect(text.standardOutput.contains("Virtual PCD 00 01: no card"))
            let outcome = try PBToolProcess.run(["card", "readers", "--json"])
            let readers = try #require(try json(outcome.standardOutput)["readers"] as? [[String: Any]])
            let first = try #require(readers.first { $0["name"] as? String == attached.reader })
            #expect(first["cardPresent"] as? Bool == true)
            #expect(first["atr"] as? String == VirtualCard.defaultATR.hexString())
        }
    }

    @Test func statusAsJSONShowsTheDecodedATR() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let outcome = try PBToolProcess.run(["card", "status", "--json"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let report = try json(outcome.standardOutput)
            let reader = try #require(report["reader"] as? [String: Any])
            #expect(reader["name"] as? String == attached.reader)
            #expect(reader["reason"] as? String == "firstWithCard")
            #expect(report["protocol"] as? String == "T=1")
            let atr = try #require(report["atr"] as? [String: Any])
            let decoded = try #require(atr["decoded"] as? [String: Any])
            #expect(decoded["atr"] as? String == VirtualCard.defaultATR.hexString())
            #expect((decoded["checksum"] as? [String: Any])?["status"] as? String == "correct")
            #expect(decoded["protocols"] as? [Int] == [0, 1])
            #expect((atr["fields"] as? [Any])?.isEmpty == false)
        }
    }

    @Test func statusAsTextNamesTheReaderAndDecodesFieldByField() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let outcome = try PBToolProcess.run(["card", "status", "--reader", attached.reader])
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput.contains("Reader: \(attached.reader) (as asked)"))
            #expect(outcome.standardOutput.contains("TCK = 83: correct"))
            #expect(outcome.standardOutput.contains("Protocol: T=1"))
        }
    }

    @Test func statusKnowsAnATRFromSmartcardList() async throws {
        try await LiveStack.run {
            let precise: [UInt8] = [0x3B, 0x76, 0x12, 0x00, 0x00, 0x00, 0x9C, 0x11, 0x01, 0x03, 0x03]
            let attached = try AttachedVirtualCard.attach(atr: precise)
            defer { try? attached.detach() }
            let list = try SmartcardListFixture.write()
            defer { try? FileManager.default.removeItem(at: list) }
            let outcome = try PBToolProcess.run(["card", "status"], environment: ["PBTOOL_SMARTCARD_LIST": list.path])
            #expect(outcome.standardOutput.contains("Precise BioMatch (TM) JavaCard (Schlumberger)"))
            #expect(outcome.standardOutput.contains("malformed compact-TLV"))
        }
    }

    @Test func apduSendFollowsGetResponseAndDecodesTheStatusWord() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let outcome = try PBToolProcess.run(["apdu", "send", selectDemo, "8010000003AABBCC", "8020000502"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("(getResponse)"))
            #expect(outcome.standardOutput.contains("= AA BB CC"))
            #expect(outcome.standardOutput.contains("(exactLengthResend)"))
            #expect(outcome.standardOutput.contains("= 00 01 02 03 04"))
            #expect(outcome.standardError.contains("using \"\(attached.reader)\" (the first reader with a card)"))
            let raw = try PBToolProcess.run(["apdu", "send", "--raw", "--json", selectDemo, "8010000003AABBCC"])
            let exchanges = try #require(try json(raw.standardOutput)["exchanges"] as? [[String: Any]])
            #expect(exchanges.map { $0["sw"] as? String } == ["611B", "6103"])
            #expect(exchanges.last?["meaning"] as? String == "Normal processing, 3 bytes available (GET RESPONSE)")
        }
    }

    @Test func emulateRunsTheCardAsItsOwnProcessAndKeepsState() async throws {
        try await LiveStack.run {
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-emulate-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: state) }
            for expected in ["00 00 00 01", "00 00 00 02"] {
                let emulator = try EmulatorProcess(arguments: ["--state", state.path])
                let outcome = try PBToolProcess.run(["apdu", "send", selectDemo, "8030000004"])
                #expect(outcome.standardOutput.contains("= \(expected)"), "\(outcome.standardOutput)")
                let stopped = try emulator.stop()
                #expect(stopped.status == 0)
                #expect(stopped.output.contains("attached"))
                #expect(stopped.output.contains("stopped"))
            }
        }
    }
}

/// A two-entry smartcard_list.txt in the real format, so the test does not depend on pcsc-tools.
enum SmartcardListFixture {
    static func write() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("smartcard_list-\(UUID()).txt")
        let text = "# fixture\n3B 76 12 00 00 00 9C 11 01 03 03\n\tPrecise BioMatch (TM) JavaCard (Schlumberger)\n\n"
            + "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 75\n\tePerso - German ID card\n"
        try Data(text.utf8).write(to: url)
        return url
    }
}
