import APDU
import Testing
import FingerprintSynthesis

@Suite struct BERTLVMalformedTests {
    private func decodeError(_ hex: String) throws -> TLVError {
        let bytes = try [UInt8](hex: hex)
        do {
            _ = try BERTLV.decode(bytes)
        } catch let error as TLVError {
            return error
        }
        Issue.record("\(hex) decoded without error")
        return TLVError(.truncatedTag, offset: -1)
    }

    @Test func truncatedMultiByteTag() throws {
        #expect(try decodeError("7F") == TLVError(.truncatedTag, offset: 0))
        #expect(try decodeError("87 01 01 5F") == TLVError(.truncatedTag, offset: 3))
    }

    @Test func tagLongerThanFourBytes() throws {
        #expect(try decodeError("1F 81 81 81 01 00").problem == .tagTooLong)
    }

    @Test func truncatedLength() throws {
        #expect(try decodeError("7F60") == TLVError(.truncatedLength, offset: 2, tag: "7F60"))
        #expect(try decodeError("87 82 01") == TLVError(.truncatedLength, offset: 1, tag: "87"))
    }

    @Test func truncatedValue() throws {
        let error = try decodeError("87 05 01 02")
        #expect(error == TLVError(.truncatedValue(declared: 5, available: 2), offset: 1, tag: "87"))
        #expect(error.description == "TLV truncated at byte 1: tag 87 declares 5 value bytes, 2 available")
    }

    @Test func hugeDeclaredLengthIsTruncationNotACrash() throws {
        #expect(try decodeError("53 84 FF FF FF FF 00").problem == .truncatedValue(declared: 0xFFFF_FFFF, available: 1))
    }

    @Test func truncationInsideAConstructedObjectNamesThePath() throws {
        // A 7F61 whose inner 7F60 claims more than its parent holds.
        let inner: [UInt8] = [0x7F, 0x60, 0x05, 0x83, 0x01, 0x92]
        let outer = BERTLV(0x7F61, inner).encoded
        let error = try decodeError(outer.hexString())
        #expect(error.path == ["7F61"])
        #expect(error.tag == "7F60")
        #expect(error.offset == 5)
        #expect(error.description.contains("inside 7F61"))
    }

    @Test func indefiniteAndOverlongLengthForms() throws {
        #expect(try decodeError("70 80 00 00").problem == .indefiniteLength)
        #expect(try decodeError("53 85 00 00 00 00 01 AA").problem == .unsupportedLengthForm(0x85))
    }

    @Test func absurdNestingIsRefused() throws {
        var object = BERTLV(0x80, [0x01])
        for _ in 0..<40 { object = BERTLV(0x70, children: [object]) }
        #expect(throws: TLVError.self) { try BERTLV.decode(object.encoded) }
    }

    @Test func trailingObjectsWhenOneWasAsked() throws {
        #expect(throws: TLVError(.trailingBytes(count: 3), offset: 3, tag: "87")) {
            try BERTLV(hex: "87 01 01 88 01 02")
        }
    }

    @Test func garbageNeverCrashes() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? BERTLV.decode(bytes)
            _ = try? CompactTLV.decode(bytes)
            _ = try? SimpleTLV.decode(bytes)
            _ = try? CommandAPDU(bytes: bytes)
        }
    }
}
