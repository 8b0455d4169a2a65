/// Walks pcapng blocks (IETF draft-ietf-opsawg-pcapng §4) and decodes usbmon packet headers
/// (Linux Documentation/usb/usbmon.rst, "raw binary format").
struct PCAPNGReader {
    private static let sectionHeaderType: UInt32 = 0x0A0D_0D0A
    private static let interfaceType: UInt32 = 1
    private static let enhancedPacketType: UInt32 = 6
    private static let byteOrderMagic: UInt32 = 0x1A2B_3C4D

    let bytes: [UInt8]
    let source: String
    private var bigEndian = false
    private var headerSizes: [Int] = []

    init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    mutating func readEvents() throws -> [USBMonCapture.Event] {
        guard bytes.count >= 12, u32(0, bigEndian: false) == Self.sectionHeaderType else {
            throw fail(0, .notPCAPNG)
        }
        var events: [USBMonCapture.Event] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw fail(offset, .truncated) }
            let type = u32(offset, bigEndian: bigEndian)
            if type == Self.sectionHeaderType { try readSectionHeader(at: offset) }
            let length = Int(u32(offset + 4, bigEndian: bigEndian))
            guard length >= 12, length % 4 == 0 else { throw fail(offset, .badBlockLength(UInt32(length))) }
            guard offset + length <= bytes.count else { throw fail(offset, .truncated) }
            let body = (offset + 8)..<(offset + length - 4)
            switch type {
            case Self.interfaceType: try readInterface(body)
            case Self.enhancedPacketType: events.append(try readPacket(body))
            default: break
            }
            offset += length
        }
        return events
    }

    private mutating func readSectionHeader(at offset: Int) throws {
        guard offset + 16 <= bytes.count else { throw fail(offset, .truncated) }
        switch u32(offset + 8, bigEndian: false) {
        case Self.byteOrderMagic: bigEndian = false
        case Self.byteOrderMagic.byteSwapped: bigEndian = true
        default: throw fail(offset + 8, .notPCAPNG)
        }
        headerSizes = []
    }

    private mutating func readInterface(_ body: Range<Int>) throws {
        guard body.count >= 8 else { throw fail(body.lowerBound, .truncated) }
        let linkType = u16(body.lowerBound)
        switch linkType {
        case 220: headerSizes.append(64)
        case 189: headerSizes.append(48)
        default: throw fail(body.lowerBound, .unsupportedLinkType(linkType))
        }
    }

    private func readPacket(_ body: Range<Int>) throws -> USBMonCapture.Event {
        guard body.count >= 20 else { throw fail(body.lowerBound, .truncated) }
        let interface = Int(u32(body.lowerBound, bigEndian: bigEndian))
        guard interface < headerSizes.count else { throw fail(body.lowerBound, .noInterface) }
        let captured = Int(u32(body.lowerBound + 12, bigEndian: bigEndian))
        let start = body.lowerBound + 20
        let headerSize = headerSizes[interface]
        guard captured >= headerSize, start + captured <= body.upperBound else {
            throw fail(body.lowerBound, .truncated)
        }
        return decodeUSBMon(at: start, headerSize: headerSize, captured: captured)
    }

    /// The usbmon header is in the capturing host's byte order, taken to be the section's.
    private func decodeUSBMon(at start: Int, headerSize: Int, captured: Int) -> USBMonCapture.Event {
        let transferType: USBTransferType = switch bytes[start + 9] {
        case 0: .isochronous
        case 1: .interrupt
        case 2: .control
        default: .bulk
        }
        let payloadLength = min(Int(u32(start + 36, bigEndian: bigEndian)), captured - headerSize)
        let payloadStart = start + headerSize
        return USBMonCapture.Event(
            urbID: u64(start),
            kind: bytes[start + 8],
            type: transferType,
            endpoint: bytes[start + 10],
            device: bytes[start + 11],
            bus: u16(start + 12),
            status: Int32(bitPattern: u32(start + 28, bigEndian: bigEndian)),
            seconds: Double(Int64(bitPattern: u64(start + 16))) + Double(Int32(bitPattern: u32(start + 24, bigEndian: bigEndian))) / 1e6,
            requestedLength: Int(u32(start + 32, bigEndian: bigEndian)),
            setup: Array(bytes[(start + 40)..<(start + 48)]),
            hasSetup: bytes[start + 14] == 0,
            payload: Array(bytes[payloadStart..<(payloadStart + max(0, payloadLength))]))
    }

    private func fail(_ offset: Int, _ problem: USBRecordingError.Problem) -> USBRecordingError {
        USBRecordingError(source: source, location: "byte \(offset)", problem: problem)
    }

    private func u16(_ offset: Int) -> UInt16 {
        let value = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        return bigEndian ? value.byteSwapped : value
    }

    private func u32(_ offset: Int, bigEndian: Bool) -> UInt32 {
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
        return bigEndian ? value.byteSwapped : value
    }

    private func u64(_ offset: Int) -> UInt64 {
        let low = UInt64(u32(offset, bigEndian: false)), high = UInt64(u32(offset + 4, bigEndian: false))
        let value = low | high << 32
        return bigEndian ? value.byteSwapped : value
    }
}
