import APDU
import Testing

@Suite struct CompactAndSimpleTLVTests {
    @Test func compactTLVRoundTrip() throws {
        let objects = [try CompactTLV(tag: 3, value: [0xF8]), try CompactTLV(tag: 7, value: [0xF7, 0x41, 0xE0]),
                       try CompactTLV(tag: 8, value: [])]
        let bytes = objects.flatMap(\.encoded)
        #expect(bytes == [0x31, 0xF8, 0x73, 0xF7, 0x41, 0xE0, 0x80])
        #expect(try CompactTLV.decode(bytes) == objects)
        #expect(objects[1].description == "73 F7 41 E0")
    }

    @Test func compactTLVTruncationKeepsWhatWasRead() throws {
        // The Precise BioMatch historical bytes after the category: 9C claims 12 bytes, 4 follow.
        let (objects, problem) = CompactTLV.decodePrefix([0x9C, 0x11, 0x01, 0x03, 0x03])
        #expect(objects.isEmpty)
        #expect(problem == TLVError(.truncatedValue(declared: 12, available: 4), offset: 0, tag: "9"))
        let partial = CompactTLV.decodePrefix([0x31, 0xF8, 0x73, 0xF7])
        #expect(partial.objects.count == 1)
        #expect(partial.problem?.offset == 2)
        #expect(throws: TLVError.self) { try CompactTLV.decode([0x31]) }
    }

    @Test func compactTLVLimits() {
        #expect(throws: TLVError.self) { try CompactTLV(tag: 16, value: []) }
        #expect(throws: TLVError.self) { try CompactTLV(tag: 1, value: [UInt8](repeating: 0, count: 16)) }
    }

    @Test func simpleTLVBothLengthForms() throws {
        let short = try SimpleTLV(tag: 0x01, value: [0xAA, 0xBB])
        let long = try SimpleTLV(tag: 0x02, value: [UInt8](repeating: 0x11, count: 300))
        let boundary = try SimpleTLV(tag: 0x03, value: [UInt8](repeating: 0x22, count: 255))
        #expect(short.encoded == [0x01, 0x02, 0xAA, 0xBB])
        #expect(Array(long.encoded.prefix(4)) == [0x02, 0xFF, 0x01, 0x2C])
        #expect(Array(boundary.encoded.prefix(4)) == [0x03, 0xFF, 0x00, 0xFF])
        let all = [short, long, boundary]
        #expect(try SimpleTLV.decode(all.flatMap(\.encoded)) == all)
    }

    @Test func simpleTLVMalformed() {
        #expect(throws: TLVError(.invalidTag(0x00), offset: 0)) { try SimpleTLV.decode([0x00, 0x01, 0x02]) }
        #expect(throws: TLVError(.truncatedLength, offset: 1, tag: "01")) { try SimpleTLV.decode([0x01]) }
        #expect(throws: TLVError(.truncatedLength, offset: 1, tag: "01")) { try SimpleTLV.decode([0x01, 0xFF, 0x00]) }
        #expect(throws: TLVError(.truncatedValue(declared: 3, available: 1), offset: 1, tag: "01")) {
            try SimpleTLV.decode([0x01, 0x03, 0xAA])
        }
        #expect(throws: TLVError.self) { try SimpleTLV(tag: 0xFF, value: []) }
    }
}
