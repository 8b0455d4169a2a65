/// The UPEK TouchChip coprocessor's message framing, both ways: `Ciao`, a type byte, the
/// sequence number (high nibble) with the length's high 4 bits, the length's low byte, the
/// payload, and a CRC-16 (polynomial 0x1021, initial 0, little-endian) over everything after
/// `Ciao` (checked on every command and reply of `../shared/data/usb/upektc_img/capture.pcapng`).
struct UPEKTCMessage: Hashable {
    static let magic: [UInt8] = Array("Ciao".utf8)
    /// Magic, type, sequence/length, length.
    static let headerLength = 7
    static let crcLength = 2

    /// What kind of message (0x00 data, 0x04/0x07 set-up, 0x08/0x09 the coprocessor's poll).
    let type: UInt8
    /// 0…15; the host numbers its data commands, the coprocessor echoes them.
    let sequence: UInt8
    let payload: [UInt8]

    /// The bytes on the wire.
    var bytes: [UInt8] {
        let length = payload.count
        var bytes = Self.magic + [type, (sequence & 0x0f) << 4 | UInt8(length >> 8 & 0x0f), UInt8(length & 0xff)] + payload
        let crc = Self.crc(bytes[Self.magic.count...])
        bytes += [UInt8(crc & 0xff), UInt8(crc >> 8)]
        return bytes
    }

    /// The whole length of the message that starts with `header` (at least 7 bytes), or nil
    /// when it does not start with `Ciao`.
    static func totalLength(announcedBy header: [UInt8]) -> Int? {
        guard header.count >= headerLength, Array(header.prefix(4)) == magic else { return nil }
        return (Int(header[5] & 0x0f) << 8 | Int(header[6])) + headerLength + crcLength
    }

    /// Parses one message, or says what is wrong with it.
    static func decode(_ bytes: [UInt8]) -> Result<UPEKTCMessage, StripProblem> {
        guard let total = totalLength(announcedBy: bytes) else {
            return .failure(StripProblem("a reply that is not a Ciao message (starts \(hexPreview(Array(bytes.prefix(7)))))"))
        }
        guard bytes.count >= total else {
            return .failure(StripProblem("a Ciao message of \(bytes.count) bytes announcing \(total)"))
        }
        let stored = Int(bytes[total - 2]) | Int(bytes[total - 1]) << 8
        guard stored == crc(bytes[magic.count..<(total - crcLength)]) else {
            return .failure(StripProblem("a Ciao message whose CRC does not match (type 0x\(hex(bytes[4])))"))
        }
        return .success(UPEKTCMessage(type: bytes[4], sequence: bytes[5] >> 4,
                                      payload: Array(bytes[headerLength..<(total - crcLength)])))
    }

    /// CRC-16/XMODEM.
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 { crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x1021 : crc << 1 }
        }
        return crc
    }
}
