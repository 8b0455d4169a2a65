import Foundation

/// Recordings cut short in the middle of a swipe, as if the sensor were unplugged there.
enum RecordingCuts {
    /// The pcapng `bytes` up to and including the block that completes the `strips`-th
    /// 1705-byte strip read (usbmon 'C' event); every later block is dropped.
    static func pcapng(_ bytes: [UInt8], keepingStrips strips: Int) -> [UInt8]? {
        var offset = 0, seen = 0
        while offset + 12 <= bytes.count {
            let type = le32(bytes, offset), length = Int(le32(bytes, offset + 4))
            guard length >= 12, offset + length <= bytes.count else { return nil }
            // Enhanced packet block: 20 bytes of header in the body, then the 64-byte usbmon header.
            let packet = offset + 28
            if type == 6, packet + 40 <= offset + length, bytes[packet + 8] == UInt8(ascii: "C"),
               le32(bytes, packet + 36) == 1705 {
                seen += 1
                if seen == strips { return Array(bytes[..<(offset + length)]) }
            }
            offset += length
        }
        return nil
    }

    /// The ioctl tree `text` with the chain of 61 440-byte capture reads cut after `reads`
    /// replies: the next read completes with status -19 (ENODEV, the device is gone) and no data,
    /// and later replies are dropped. (A chain that simply ends is not an unplug: umockdev then
    /// answers with the last reply again.)
    static func ioctl(_ text: String, keepingCaptureReads reads: Int) -> String {
        let captureRead = "USBDEVFS_REAPURBNDELAY 0 3 130 0 0 61440 "
        var seen = 0
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            let body = line.drop { $0 == " " }
            guard body.hasPrefix(captureRead) else { return String(line) }
            seen += 1
            if seen <= reads { return String(line) }
            guard seen == reads + 1 else { return nil }
            return String(repeating: " ", count: line.count - body.count) + "USBDEVFS_REAPURBNDELAY 0 3 130 -19 0 61440 0 0"
        }.joined(separator: "\n")
    }

    private static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
