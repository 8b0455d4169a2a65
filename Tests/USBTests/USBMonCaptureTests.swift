import Testing
@testable import USB

/// Hand-built pcapng files: one section, one usbmon interface, and a submit/complete pair.
enum PCAPNGFixture {
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }

    static func block(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
        let length = UInt32(12 + padded.count)
        return le32(type) + le32(length) + padded + le32(length)
    }

    static let sectionHeader = block(0x0A0D_0D0A, le32(0x1A2B_3C4D) + le16(1) + le16(0) + [UInt8](repeating: 0xff, count: 8))

    static func interface(linkType: UInt16 = 220) -> [UInt8] {
        block(1, le16(linkType) + le16(0) + le32(0))
    }

    /// A 64-byte usbmon header plus payload, wrapped in an enhanced packet block.
    static func packet(id: UInt64, event: Character, type: UInt8, endpoint: UInt8, length: UInt32,
                       status: Int32 = 0, payload: [UInt8] = []) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 64)
        for index in 0..<8 { header[index] = UInt8(truncatingIfNeeded: id >> (8 * index)) }
        header[8] = event.asciiValue!
        header[9] = type
        header[10] = endpoint
        header[11] = 44
        header[12] = 1
        header[14] = UInt8(ascii: "-")
        header.replaceSubrange(28..<32, with: le32(UInt32(bitPattern: status)))
        header.replaceSubrange(32..<36, with: le32(length))
        header.replaceSubrange(36..<40, with: le32(UInt32(payload.count)))
        let data = header + payload
        return block(6, le32(0) + le32(0) + le32(0) + le32(UInt32(data.count)) + le32(UInt32(data.count)) + data)
    }

    static var twoTransfers: [UInt8] {
        sectionHeader + interface()
            + packet(id: 1, event: "S", type: 3, endpoint: 0x02, length: 2, status: -115, payload: [0x81, 0x02])
            + packet(id: 1, event: "C", type: 3, endpoint: 0x02, length: 2)
            + packet(id: 2, event: "S", type: 3, endpoint: 0x81, length: 4, status: -115)
            + packet(id: 2, event: "C", type: 3, endpoint: 0x81, length: 4, payload: [1, 2, 3])
    }
}

@Suite struct USBMonCaptureTests {
    @Test func submitsArePairedWithCompletions() throws {
        let capture = try USBMonCapture(bytes: PCAPNGFixture.twoTransfers, source: "fixture")
        #expect(capture.events.count == 4)
        let transfers = capture.transfers()
        #expect(transfers == [
            RecordedTransfer(type: .bulk, endpoint: 0x02, requestedLength: 2, data: [0x81, 0x02]),
            RecordedTransfer(type: .bulk, endpoint: 0x81, requestedLength: 4, data: [1, 2, 3]),
        ])
        #expect(capture.transfers(bus: 1, device: 45).isEmpty)
    }

    private func problem(_ bytes: [UInt8]) -> USBRecordingError.Problem? {
        do {
            _ = try USBMonCapture(bytes: bytes, source: "bad.pcapng")
            return nil
        } catch let error as USBRecordingError {
            #expect(error.description.hasPrefix("bad.pcapng "))
            return error.problem
        } catch {
            return nil
        }
    }

    @Test func malformedFilesAreRefusedClearly() {
        let good = PCAPNGFixture.twoTransfers
        #expect(problem([]) == .notPCAPNG)
        #expect(problem(Array("not a capture at all".utf8)) == .notPCAPNG)
        #expect(problem(Array(good.prefix(good.count - 10))) == .truncated)
        #expect(problem(Array(good.prefix(30))) == .truncated)
        var badLength = good
        badLength.replaceSubrange(32..<36, with: PCAPNGFixture.le32(13))
        #expect(problem(badLength) == .badBlockLength(13))
        let ethernet = PCAPNGFixture.sectionHeader + PCAPNGFixture.interface(linkType: 1)
        #expect(problem(ethernet) == .unsupportedLinkType(1))
        let orphan = PCAPNGFixture.sectionHeader + PCAPNGFixture.packet(id: 1, event: "S", type: 3, endpoint: 2, length: 0)
        #expect(problem(orphan) == .noInterface)
        var badMagic = good
        badMagic[8] = 0
        #expect(problem(badMagic) == .notPCAPNG)
    }

    @Test func garbageAfterAGoodFileIsRefused() {
        #expect(problem(PCAPNGFixture.twoTransfers + [1, 2, 3, 4, 5]) == .truncated)
    }
}
