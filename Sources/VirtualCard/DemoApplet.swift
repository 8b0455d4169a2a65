import APDU

/// A small real applet for demos and tests of the transport: echo, a fixed-length read that
/// answers `6CXX` to a wrong Le, and a counter that survives restarts through the state file.
///
/// AID `F0 70 62 74 6F 6F 6C 01` (`F0` proprietary RID + "pbtool" + 01); CLA `80`:
///
/// | command | answer |
/// |---|---|
/// | `80 10 00 00 Lc data [Le]` ECHO | the data; without Le the card answers `61XX` and GET RESPONSE fetches it |
/// | `80 20 P1 P2 Le` READ PATTERN | N = P1P2 (1…4096) bytes `00 01 02 …`; for N ≤ 256 a Le other than N gets `6C N` |
/// | `80 30 00 00 [Le]` INCREMENT | the counter + 1, 4 bytes big-endian (persisted) |
/// | `80 32 00 00 [Le]` READ COUNTER | the counter, 4 bytes big-endian |
public final class DemoApplet: Applet {
    /// `F0 70 62 74 6F 6F 6C 01`.
    public static let demoAID: [UInt8] = [0xF0, 0x70, 0x62, 0x74, 0x6F, 0x6F, 0x6C, 0x01]
    /// The largest READ PATTERN length.
    public static let maximumPatternLength = 4096

    public var aid: [UInt8] { Self.demoAID }
    /// The persistent counter.
    public private(set) var counter: UInt32 = 0

    /// A fresh applet with its counter at 0 (the state file, if any, restores it).
    public init() {}

    public func select(_ command: CommandAPDU) -> ResponseAPDU {
        // A5 { 50 "pbtool demo" }: proprietary FCI data with the application label (7816-4 §7.4.1).
        let label = Array("pbtool demo".utf8)
        let proprietary = [0xA5, UInt8(label.count + 2), 0x50, UInt8(label.count)] + label
        return ResponseAPDU(data: FileControlInformation.minimal(aid: aid, extra: proprietary), statusWord: .success)
    }

    public func process(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.cla == 0x80 else { return ResponseAPDU(statusWord: .classNotSupported) }
        switch command.ins {
        case 0x10: return ResponseAPDU(data: command.data, statusWord: .success)
        case 0x20: return readPattern(command)
        case 0x30:
            counter &+= 1
            return counterResponse
        case 0x32: return counterResponse
        default: return ResponseAPDU(statusWord: .instructionNotSupported)
        }
    }

    public func encodeState() -> [UInt8]? { counterBytes }

    public func restoreState(_ bytes: [UInt8]) throws {
        guard bytes.count == 4 else { throw DemoAppletStateError(count: bytes.count) }
        counter = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private func readPattern(_ command: CommandAPDU) -> ResponseAPDU {
        let length = Int(command.p1) << 8 | Int(command.p2)
        guard (1...Self.maximumPatternLength).contains(length) else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        if length <= 256, command.ne != length {
            return ResponseAPDU(statusWord: StatusWord(sw1: 0x6C, sw2: UInt8(length & 0xFF)))
        }
        return ResponseAPDU(data: (0..<length).map { UInt8($0 & 0xFF) }, statusWord: .success)
    }

    private var counterBytes: [UInt8] {
        [UInt8(counter >> 24), UInt8(counter >> 16 & 0xFF), UInt8(counter >> 8 & 0xFF), UInt8(counter & 0xFF)]
    }

    private var counterResponse: ResponseAPDU { ResponseAPDU(data: counterBytes, statusWord: .success) }
}

/// The demo applet's stored state is its 4-byte counter; anything else is refused.
struct DemoAppletStateError: Error, CustomStringConvertible {
    let count: Int
    var description: String { "expected a 4-byte counter, found \(count) byte(s)" }
}
