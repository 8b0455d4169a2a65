import Fingerprint
import Testing
import TestSupport
import USB
@testable import Sensors

/// Test vectors for the line rules, checked offline on the line records cut from the recording.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct VFS5011SheetVectorTests {
    static let rawOffsets = [
        1, 6, 5, 4, 4, 3, 3, 5, 4, 27, 27, 27, 27, 28, 5, 28, 29, 29, 29, 29, 28, 28, 29, 28, 30, 29, 30, 5, 5, 6,
        6, 30, 30, 30, 30, 30, 7, 7, 6, 6, 6, 7, 6, 6, 6, 6, 6, 6, 4, 4, 6, 6, 29, 7, 7, 6, 6, 30, 29, 7,
        7, 9, 30, 30, 30, 8, 8, 8, 8, 7, 6, 7, 30, 30, 8, 7, 8, 9, 8, 8, 8, 9, 9, 8, 9, 9, 8, 8, 9, 9,
        8, 8, 8, 8, 8, 7, 29, 29, 11, 9, 9, 9, 9, 8, 9, 8, 30, 9, 7, 8, 8, 27, 26, 8, 7, 8, 7, 8, 7, 7,
        8, 6, 7, 6, 8, 8, 8, 8, 7, 6, 6, 7, 7, 5, 4, 2,
    ]
    static let filteredOffsets = [
        5, 5, 5, 5, 5, 6, 6, 27, 27, 27, 27, 27, 27, 27, 28, 28, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 28,
        28, 28, 7, 7, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7,
        7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 9,
        9, 9, 9, 9, 9, 9, 9, 9, 8, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2,
    ]

    private func keptLines() throws -> (LineFilter, [ScanLine]) {
        let bursts = try Recordings.vfs5011Tree().replies(endpoint: 0x82, bufferLength: VFS5011Commands.captureReadLength)
        #expect(bursts.count == 9)
        let lines = try bursts.flatMap { try VFS5011LineRecord.lines(in: $0).get() }
        #expect(lines.count == 2304)
        var filter = LineFilter()
        for line in lines where !filter.consume(line) { break }
        return (filter, filter.kept)
    }

    @Test func theLineFilterStopsWhereTheSheetSays() throws {
        let (filter, kept) = try keptLines()
        #expect(filter.stop == .fingerLifted)
        #expect(filter.examined == 2060)
        #expect(filter.counted == 2059)
        #expect(kept.count == 273)
    }

    @Test func speedOffsetsMatchTheSheet() throws {
        let (_, kept) = try keptLines()
        let assembler = LineAssembler()
        let raw = assembler.speedOffsets(kept)
        #expect(raw == Self.rawOffsets)
        #expect(assembler.medianFiltered(raw) == Self.filteredOffsets)
        let image = assembler.resample(kept, offsets: Self.filteredOffsets)
        #expect(image.width == 160 && image.height == 334)
    }

    @Test func theStepTablesSendTheRecordedBlobs() throws {
        let commands = try Recordings.vfs5011Tree().commands(endpoint: 0x01)
        #expect(commands.count == 26)
        #expect(VFS5011Commands.blobs == commands)
        let sends = (VFS5011Commands.open + VFS5011Commands.arm).filter { !$0.isInput }
        #expect(sends.count == 31 + 8)
        #expect(VFS5011Commands.open.count == 77 && VFS5011Commands.arm.count == 20)
    }
}
