@testable import Sensors
import USB

/// Starting inputs for the newer drivers' targets, built to the formats the drivers document;
/// conversations cut from the real recordings come from ``SharedSeeds`` when the data is given.
enum SensorSeeds {
    /// The drivers the device target picks from, by the input's first byte.
    static let drivers = ["nb1010", "aes3500", "vfs7552", "upektc_img", "elan", "egis0570", "vfs301", "vfs0050"]

    /// The driver at `index` of ``drivers`` over `transport`, with its pauses shortened to nothing.
    static func driver(_ index: Int, over transport: any USBTransport) -> any FingerprintSensor {
        guard let driver = SensorDrivers.driver(drivers[index], over: transport, pauses: false) else {
            preconditionFailure("no driver \(drivers[index])")
        }
        return driver
    }

    static var nb1010Reads: [FuzzSeed] {
        let read = [0x80, 0x21, 0x00, 0x00] + [UInt8](repeating: 0xe5, count: NB1010Commands.partialLength - 4)
        let all = (0..<NB1010Commands.partialsPerImage).flatMap { _ in read }
        return [FuzzSeed("ninety", all), FuzzSeed("short", Array(all.prefix(20_000)))]
    }

    static var aes3500Replies: [FuzzSeed] {
        [FuzzSeed("stripes", (0..<AES3500Steps.imageLength).map { UInt8(truncatingIfNeeded: $0 &* 37) })]
    }

    static var vfs7552Chunks: [FuzzSeed] {
        let lines = 40
        let body = (0..<(lines * VFS7552Frame.lineBytes)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let chunk = [0x00, 0x00, UInt8(body.count & 0xff), UInt8(body.count >> 8), 0x00, 0x00] + body
        let framed = [UInt8(chunk.count & 0xff), UInt8(chunk.count >> 8)] + chunk
        return [FuzzSeed("one-chunk", framed), FuzzSeed("two-chunks", framed + framed)]
    }

    static var upektcMessages: [FuzzSeed] {
        [FuzzSeed("start-capture", UPEKTCCommands.startCapture(1).bytes),
         FuzzSeed("status", UPEKTCMessage(type: 0x00, sequence: 2, payload: [0x28] + [UInt8](repeating: 0, count: 16)).bytes),
         FuzzSeed("frame", UPEKTCMessage(type: 0x00, sequence: 4, payload: [0x24] + [UInt8](repeating: 0xc8, count: 200)).bytes)]
    }

    static var elanFrames: [FuzzSeed] {
        let geometry: [UInt8] = [144, 64]
        let count = 144 * 64 * 2
        let background = (0..<count).map { $0 % 2 == 0 ? UInt8(0x20) : UInt8(0x1f) }
        let frame = (0..<count).map { $0 % 2 == 0 ? UInt8(truncatingIfNeeded: $0 &* 7) : UInt8(0x21) }
        return [FuzzSeed("background-and-frame", geometry + background + frame)]
    }

    static var egisReads: [FuzzSeed] {
        let empty = [UInt8](repeating: 144, count: Egis0570Commands.imageLength)
        let finger = (0..<Egis0570Commands.imageLength).map { UInt8(truncatingIfNeeded: 180 &+ ($0 % 60)) }
        return [FuzzSeed("background-then-finger", empty + finger)]
    }

    static var vfs301Blocks: [FuzzSeed] {
        let record = [0x01, 0xfe] + (2..<VFS301LineRecord.length).map { UInt8(truncatingIfNeeded: $0 &* 3) }
        return [FuzzSeed("mid-record", Array(record.suffix(100)) + record + record), FuzzSeed("records", record + record)]
    }

    static var vfs0050Streams: [FuzzSeed] {
        let record = [0x01, 0xfe, 0, 0, 0, 0] + (6..<VFS0050LineRecord.length).map { UInt8(truncatingIfNeeded: $0 &* 5) }
        return [FuzzSeed("three", record + record + record)]
    }

    /// Every driver unplugged at once.
    static var unpluggedDevices: [FuzzSeed] {
        drivers.indices.map { FuzzSeed("unplugged-\(drivers[$0])", [UInt8($0)]) }
    }
}
