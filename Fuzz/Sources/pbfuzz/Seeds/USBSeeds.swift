import Foundation
@testable import Sensors
import USB

/// Starting inputs for the USB targets: replies built to the formats of aes2501.md §3.3 and
/// vfs5011.md §3, the hand-built pcapng and ioctl files of Tests/USBTests, and — when
/// ../shared/data is given (``SharedSeeds``) — whole conversations cut from the real recordings.
enum USBSeeds {
    /// A valid strip (stripes, a histogram, a register dump starting at 0x80), one with a bad
    /// marker and one short.
    static var aes2501Strips: [FuzzSeed] {
        let strip = validStrip()
        var badMarker = strip
        badMarker[1537] = 0x00
        return [FuzzSeed("valid", strip), FuzzSeed("bad-marker", badMarker), FuzzSeed("short", Array(strip.prefix(900)))]
    }

    static func validStrip() -> [UInt8] {
        var reply = [UInt8](repeating: 0, count: AES2501Reply.stripLength)
        reply[0] = 0xE0
        for index in 1..<1537 { reply[index] = UInt8(truncatingIfNeeded: index * 37) }
        reply[1537] = 0xDE
        for bin in 0..<16 { reply[1538 + 2 * bin] = UInt8(bin * 12) }
        for register in 0..<63 {
            reply[1579 + 2 * register] = UInt8(0x80 + register)
            reply[1579 + 2 * register + 1] = register == 0x17 ? 0x05 : 0x00
        }
        return reply
    }

    /// Three records, a trailing partial one, and a read whose second record is corrupt.
    static var vfs5011Reads: [FuzzSeed] {
        let records = (0..<3).flatMap { lineRecord(seed: $0) }
        var corrupt = records
        corrupt[VFS5011LineRecord.length] = 0x02
        return [FuzzSeed("three", records), FuzzSeed("partial", records + Array(lineRecord(seed: 9).prefix(100))),
                FuzzSeed("corrupt", corrupt)]
    }

    static func lineRecord(seed: Int) -> [UInt8] {
        var record = [UInt8](repeating: 0, count: VFS5011LineRecord.length)
        record[0] = 0x01
        record[1] = 0xFE
        for index in 8..<232 { record[index] = UInt8(truncatingIfNeeded: (index + seed * 11) * 29) }
        return record
    }

    /// One section, one usbmon interface, a bulk OUT and a bulk IN, each submitted and completed.
    static var pcapngFiles: [FuzzSeed] {
        let file = PCAPNG.sectionHeader + PCAPNG.interface()
            + PCAPNG.packet(id: 1, event: "S", endpoint: 0x02, length: 2, status: -115, payload: [0x81, 0x02])
            + PCAPNG.packet(id: 1, event: "C", endpoint: 0x02, length: 2)
            + PCAPNG.packet(id: 2, event: "S", endpoint: 0x81, length: 4, status: -115)
            + PCAPNG.packet(id: 2, event: "C", endpoint: 0x81, length: 4, payload: [1, 2, 3])
        return [FuzzSeed("two-transfers", file)]
    }

    static var ioctlFiles: [FuzzSeed] {
        let text = """
            @DEV /dev/bus/usb/002/017
            USBDEVFS_GET_CAPABILITIES 0 7D000000
            USBDEVFS_REAPURBNDELAY 0 3 1 0 0 1 1 0 01
             USBDEVFS_REAPURBNDELAY 0 3 129 0 0 64 6 0 0000FFEF3013
              USBDEVFS_REAPURBNDELAY 0 3 129 0 0 64 4 0 B5C457F9
            USBDEVFS_REAPURBNDELAY 0 3 1 0 0 2 2 0 0400
             USBDEVFS_REAPURBNDELAY 0 3 129 0 0 2 2 0 0000

            """
        return [FuzzSeed("tree", Array(text.utf8))]
    }

    static var aes2501Conversations: [FuzzSeed] { [FuzzSeed("unplugged-at-once", [])] }
    static var vfs5011Conversations: [FuzzSeed] { [FuzzSeed("unplugged-at-once", [])] }
}

/// pcapng blocks as Tests/USBTests/USBMonCaptureTests.swift builds them (little-endian, link type 220).
private enum PCAPNG {
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    static func block(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
        let length = UInt32(12 + padded.count)
        return le32(type) + le32(length) + padded + le32(length)
    }

    static let sectionHeader = block(0x0A0D_0D0A, le32(0x1A2B_3C4D) + le16(1) + le16(0) + [UInt8](repeating: 0xFF, count: 8))

    static func interface() -> [UInt8] { block(1, le16(220) + le16(0) + le32(0)) }

    /// A 64-byte usbmon header (bulk, bus 1, device 44) and the payload in an enhanced packet block.
    static func packet(id: UInt64, event: Character, endpoint: UInt8, length: UInt32,
                       status: Int32 = 0, payload: [UInt8] = []) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 64)
        for index in 0..<8 { header[index] = UInt8(truncatingIfNeeded: id >> (8 * index)) }
        header[8] = event.asciiValue ?? 0
        header[9] = 3
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
}
