import Imaging
import Testing
@testable import ImageCodecs

/// Truncated, reordered, mislabelled and garbled WSQ files: each gives a ``WSQError`` naming the
/// problem and where it is, never a crash, a hang or a huge allocation.
struct WSQCorruptInputTests {
    /// A valid small file and its segments, for surgery.
    private struct Specimen {
        let bytes: [UInt8]
        let segments: [WSQSegment]

        init() throws {
            bytes = try WSQCodec.encode(SyntheticPrint.image(width: 96, height: 90), bitRate: 0.75)
            segments = try WSQCodec.header(bytes).segments
        }

        func segment(_ marker: String, _ occurrence: Int = 0) -> [UInt8] {
            let segment = segments.filter { $0.marker == marker }[occurrence]
            return Array(bytes[segment.offset..<(segment.offset + segment.length)])
        }

        func offset(of marker: String, _ occurrence: Int = 0) -> Int {
            segments.filter { $0.marker == marker }[occurrence].offset
        }

        /// The file rebuilt from segments named in `order` ("SOB2" is the third SOB, "DHT1" the second DHT).
        func assembled(_ order: [String]) -> [UInt8] {
            order.flatMap { name -> [UInt8] in
                let marker = String(name.prefix(3)), occurrence = Int(name.dropFirst(3)) ?? 0
                return segment(marker, occurrence)
            }
        }

        static let normalOrder = ["SOI", "COM", "DTT", "DQT", "SOF", "DHT", "SOB", "DHT1", "SOB1", "SOB2", "EOI"]
    }

    private func decodeError(_ bytes: [UInt8]) -> WSQError? {
        do {
            _ = try WSQCodec.decode(bytes)
            return nil
        } catch let error as WSQError {
            return error
        } catch {
            Issue.record("not a WSQError: \(error)")
            return nil
        }
    }

    @Test func emptyAndForeignFilesAreNotWSQ() {
        #expect(decodeError([]) == .missingStartOfImage(found: []))
        #expect(decodeError([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) == .missingStartOfImage(found: [0x89, 0x50, 0x4E, 0x47]))
        #expect(decodeError([0xFF]) == .missingStartOfImage(found: [0xFF]))
        #expect(decodeError([0xFF, 0xA0]) == .truncated(what: "marker list (the file has no EOI marker)", offset: 2))
        #expect(decodeError([0xFF, 0xA0, 0x12, 0x34]) == .unknownMarker(code: 0x1234, offset: 2))
    }

    @Test func everyTruncationIsRejected() throws {
        let specimen = try Specimen()
        for length in 0..<specimen.bytes.count {
            #expect(throws: WSQError.self, "cut to \(length) bytes") { try WSQCodec.header(Array(specimen.bytes.prefix(length))) }
        }
    }

    @Test func truncationNamesThePlace() throws {
        let specimen = try Specimen()
        func cut(inside marker: String, by extra: Int) -> [UInt8] { Array(specimen.bytes.prefix(specimen.offset(of: marker) + extra)) }
        #expect(decodeError(cut(inside: "DQT", by: 10)) == .truncated(what: "DQT segment", offset: specimen.offset(of: "DQT") + 4))
        #expect(decodeError(cut(inside: "SOF", by: 3)) == .truncated(what: "length of the SOF segment", offset: specimen.offset(of: "SOF") + 2))
        let sob = specimen.offset(of: "SOB")
        #expect(decodeError(cut(inside: "SOB", by: 40)) == .truncated(what: "data of block 1 (no marker follows it)", offset: sob + 5))
        #expect(decodeError(Array(specimen.bytes.dropLast(2))) == .truncated(what: "data of block 3 (no marker follows it)",
                                                                                offset: specimen.offset(of: "SOB", 2) + 5))
    }

    @Test func markersOutOfOrderAreNamed() throws {
        let specimen = try Specimen()
        let blockFirst = specimen.assembled(["SOI", "COM", "DTT", "DQT", "DHT", "SOB", "SOF", "DHT1", "SOB1", "SOB2", "EOI"])
        #expect({ if case .markerOutOfOrder("SOB", _, _) = decodeError(blockFirst) { true } else { false } }())
        let endAfterFrame = specimen.assembled(["SOI", "COM", "DTT", "DQT", "SOF", "EOI"])
        #expect({ if case .markerOutOfOrder("EOI", _, _) = decodeError(endAfterFrame) { true } else { false } }())
        let twoFrames = specimen.assembled(["SOI", "COM", "DTT", "DQT", "SOF", "SOF", "DHT", "SOB", "DHT1", "SOB1", "SOB2", "EOI"])
        #expect({ if case .markerOutOfOrder("SOF", _, _) = decodeError(twoFrames) { true } else { false } }())
        let twoStarts = specimen.assembled(["SOI", "SOI"] + Specimen.normalOrder.dropFirst())
        #expect(decodeError(twoStarts) == .markerOutOfOrder(marker: "SOI", expected: "a table (DTT, DQT, DHT), a comment (COM) or the frame header (SOF)", offset: 2))
    }

    @Test func tablesMayFollowTheFrameAsInNBIS() throws {
        let specimen = try Specimen()
        let reordered = specimen.assembled(["SOI", "SOF", "COM", "DHT", "DQT", "DTT", "SOB", "DHT1", "SOB1", "SOB2", "EOI"])
        #expect(try WSQCodec.decode(reordered) == WSQCodec.decode(specimen.bytes))
    }

    @Test func missingTablesAreNamed() throws {
        let specimen = try Specimen()
        let order = Specimen.normalOrder
        #expect({ if case .missingTable("the quantization table (DQT)", _) = decodeError(specimen.assembled(order.filter { $0 != "DQT" })) { true } else { false } }())
        #expect({ if case .missingTable("the transform table (DTT)", _) = decodeError(specimen.assembled(order.filter { $0 != "DTT" })) { true } else { false } }())
        #expect({ if case .missingTable("Huffman table 0", _) = decodeError(specimen.assembled(order.filter { $0 != "DHT" })) { true } else { false } }())
    }

    @Test func badTableIndexesAreRejected() throws {
        let specimen = try Specimen()
        var bytes = specimen.bytes
        let sob = specimen.offset(of: "SOB")
        bytes[sob + 4] = 9
        #expect(decodeError(bytes) == .tableIndexOutOfRange(kind: "Huffman", index: 9, offset: sob))
        bytes[sob + 4] = 5
        #expect(decodeError(bytes) == .missingTable("Huffman table 5", offset: sob))
        bytes = specimen.bytes
        let dht = specimen.offset(of: "DHT")
        bytes[dht + 4] = 200
        #expect(decodeError(bytes) == .tableIndexOutOfRange(kind: "Huffman", index: 200, offset: dht + 4))
    }

    @Test func unsupportedFeaturesAreNamed() throws {
        let specimen = try Specimen()
        let restart: [UInt8] = [0xFF, 0xA7, 0x00, 0x04, 0x00, 0x10]
        let withRestart = specimen.segment("SOI") + restart + specimen.assembled(Array(Specimen.normalOrder.dropFirst()))
        #expect(decodeError(withRestart) == .unsupported("restart intervals (DRT)", offset: 2))
        var evenFilters = specimen.bytes
        let dtt = specimen.offset(of: "DTT")
        evenFilters[dtt + 4] = 8
        evenFilters[dtt + 5] = 8
        #expect({ if case .unsupported = decodeError(evenFilters) { true } else { false } }())
    }

    @Test func segmentLengthsThatLieAreCaught() throws {
        let specimen = try Specimen()
        var bytes = specimen.bytes
        let sof = specimen.offset(of: "SOF")
        bytes[sof + 3] = 16
        #expect({ if case .invalidTable = decodeError(bytes) { true } else { false } }())
        bytes[sof + 3] = 1
        #expect(decodeError(bytes) == .invalidTable("the SOF segment says it is 1 bytes long (at least 2 needed)", offset: sof + 2))
        bytes = specimen.bytes
        let dqt = specimen.offset(of: "DQT")
        bytes[dqt + 2] = 0xFF
        #expect(throws: WSQError.self) { try WSQCodec.decode(bytes) }
    }

    @Test func lyingFrameSizesNeverAllocate() throws {
        let specimen = try Specimen()
        var bytes = specimen.bytes
        let sof = specimen.offset(of: "SOF")
        bytes.replaceSubrange((sof + 6)..<(sof + 10), with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(decodeError(bytes) == .imageTooLarge(width: 65_535, height: 65_535, limit: 25_000_000))
        #expect(try WSQCodec.header(bytes).frameWidth == 65_535)
        bytes.replaceSubrange((sof + 6)..<(sof + 10), with: [0x00, 0x00, 0x00, 0x60])
        #expect(decodeError(bytes) == .invalidDimensions(width: 96, height: 0, offset: sof))
        bytes.replaceSubrange((sof + 6)..<(sof + 10), with: [0x01, 0x00, 0x01, 0x00])
        #expect({ if case .corruptBlockData = decodeError(bytes) { true } else { false } }())
    }

    @Test func missingOrExtraBlocksAreCounted() throws {
        let specimen = try Specimen()
        let order = Specimen.normalOrder
        #expect({ if case .corruptBlockData = decodeError(specimen.assembled(order.filter { $0 != "SOB2" })) { true } else { false } }())
        let extra = specimen.assembled(Array(order.dropLast()) + ["SOB2", "EOI"])
        #expect({ if case .corruptBlockData = decodeError(extra) { true } else { false } }())
    }

    @Test func garbledBlockDataNeverCrashes() throws {
        let specimen = try Specimen()
        let blocks = specimen.segments.filter { $0.marker == "SOB" }
        var random = SyntheticPrint.Generator(seed: 11)
        var failures = 0
        for round in 0..<150 {
            var bytes = specimen.bytes
            let block = blocks[round % blocks.count]
            for _ in 0..<(1 + random.below(4)) {
                bytes[block.offset + 5 + random.below(block.length - 5)] = UInt8(random.below(256))
            }
            if decodeError(bytes) != nil { failures += 1 }
        }
        #expect(failures > 0, "some garbled blocks should fail to decode")
        var zeroed = specimen.bytes
        let first = blocks[0]
        zeroed.replaceSubrange((first.offset + 5)..<(first.offset + first.length), with: repeatElement(0, count: first.length - 5))
        #expect({ if case .corruptBlockData = decodeError(zeroed) { true } else { false } }())
    }

    @Test func garbageAfterTheStartMarkerIsRejected() {
        var random = SyntheticPrint.Generator(seed: 5)
        for _ in 0..<300 {
            let bytes = [0xFF, 0xA0] + (0..<random.below(300)).map { _ in UInt8(random.below(256)) }
            #expect(decodeError(bytes) != nil)
        }
    }
}
