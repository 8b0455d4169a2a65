import APDU
import VirtualCard

/// Starting inputs for the vpcd target: what pcscd sends in a session (power on, get ATR, SELECT
/// of the demo applet, a few commands, GET RESPONSE, power off), in one chunk and split as vpcd
/// writes it (length, then payload).
enum VirtualCardSeeds {
    static var streams: [FuzzSeed] {
        let select = [0x00, 0xA4, 0x04, 0x00, UInt8(DemoApplet.demoAID.count)] + DemoApplet.demoAID + [0x00]
        let session: [[UInt8]] = [
            [0x01], [0x04], select, [0x80, 0x30, 0x00, 0x00, 0x04], [0x00, 0xC0, 0x00, 0x00, 0x00],
            [0x00, 0xCA, 0x9F, 0x7F, 0x00], [0x02], [0x00],
        ]
        let frames = session.map { (try? VPCDFrameDecoder.frame($0)) ?? [] }
        return [
            FuzzSeed("session-one-chunk", chunks([frames.flatMap { $0 }])),
            FuzzSeed("session-split", chunks(frames.flatMap { [Array($0.prefix(2)), Array($0.dropFirst(2))] })),
            FuzzSeed("byte-by-byte", chunks(frames.flatMap { $0 }.map { [$0] })),
        ]
    }

    /// The target's input layout: each chunk preceded by its length (chunks are at most 255 bytes).
    private static func chunks(_ pieces: [[UInt8]]) -> [UInt8] {
        pieces.flatMap { piece in
            stride(from: 0, to: max(piece.count, 1), by: 255).flatMap { start -> [UInt8] in
                let part = Array(piece[start..<min(piece.count, start + 255)])
                return [UInt8(part.count)] + part
            }
        }
    }
}
