import Fingerprint
@testable import Sensors
import USB

/// The eight newer drivers' reply decoders (images, frames, lines, framed messages), and whole
/// captures on any of them against a device that answers fuzz bytes.
enum SensorTargets {
    static let all = [nb1010Image, aes3500Image, vfs7552Chunks, upektcMessage, elanFrame, egis0570Images,
                      vfs301Lines, vfs0050Lines, sensorDevice]

    static let nb1010Image = FuzzTarget(
        name: "nb1010-image", summary: "NB1010Image.assemble (90 image reads of 540 bytes, cut from the input)",
        maximumLength: 60_000,
        run: { bytes in
            let partials = stride(from: 0, to: bytes.count, by: NB1010Commands.partialLength).map {
                Array(bytes[$0..<min(bytes.count, $0 + NB1010Commands.partialLength)])
            }
            guard case .success(let image) = NB1010Image.assemble(partials, dpi: 500) else { return }
            FuzzCheck.require(image.width == 256 && image.height == 180 && image.pixels.count == 256 * 180, "NB-1010 image size")
        },
        seeds: { SensorSeeds.nb1010Reads })

    static let aes3500Image = FuzzTarget(
        name: "aes3500-image", summary: "AES3500Image.decode (the 8329-byte image reply)",
        maximumLength: 16_384,
        run: { bytes in
            guard case .success(let image) = AES3500Image.decode(bytes, dpi: 500) else { return }
            FuzzCheck.require(image.pixels.count == 128 * 128, "AES3500 image size")
        },
        seeds: { SensorSeeds.aes3500Replies })

    /// Chunks in the input as a 2-byte little-endian length and that many bytes.
    static let vfs7552Chunks = FuzzTarget(
        name: "vfs7552-chunks", summary: "VFS7552Frame.add (image chunks with their line-count header)",
        maximumLength: 32_768,
        run: { bytes in
            var frame = VFS7552Frame()
            var input = FuzzInput(bytes)
            while !input.isEmpty, !frame.isComplete {
                let length = Int(input.byte()) | Int(input.byte()) << 8
                guard frame.add(chunk: input.take(length)) == nil else { return }
                FuzzCheck.require(frame.pixels.count % VFS7552Frame.width == 0, "a partial VFS7552 line")
                FuzzCheck.require(frame.pixels.count <= VFS7552Frame.width * VFS7552Frame.height, "an overfull VFS7552 frame")
            }
        },
        seeds: { SensorSeeds.vfs7552Chunks })

    static let upektcMessage = FuzzTarget(
        name: "upektc-message", summary: "UPEKTCMessage.decode (Ciao framing, CRC-16) and UPEKTCReply",
        maximumLength: 4_096,
        run: { bytes in
            guard case .success(let message) = UPEKTCMessage.decode(bytes) else { return }
            let total = UPEKTCMessage.totalLength(announcedBy: bytes) ?? 0
            FuzzCheck.require(message.bytes == Array(bytes.prefix(total)), "a Ciao message that does not encode back")
            _ = try? UPEKTCReply(message)
        },
        seeds: { SensorSeeds.upektcMessages })

    /// The first two bytes give the raw frame's width and height (as the sensor-size reply does).
    static let elanFrame = FuzzTarget(
        name: "elan-frame", summary: "ElanFrame pixels, background subtraction and thirds (16-bit raw frames)",
        maximumLength: 40_000,
        run: { bytes in
            guard bytes.count >= 2, bytes[0] > 0, bytes[1] > 0 else { return }
            let geometry = ElanFrame(width: Int(bytes[0]), rawHeight: Int(bytes[1]), height: min(Int(bytes[1]), 50))
            let raw = Array(bytes.dropFirst(2))
            guard raw.count >= 2 * geometry.byteCount else { return }
            let background = geometry.pixels(raw)
            let frame = geometry.pixels(Array(raw.dropFirst(geometry.byteCount)))
            guard let difference = ElanFrame.subtract(background, from: frame) else { return }
            let squeezed = geometry.squeezed(difference)
            FuzzCheck.require(squeezed.pixels.count == geometry.width * geometry.height, "Elan frame size")
        },
        seeds: { SensorSeeds.elanFrames })

    static let egis0570Images = FuzzTarget(
        name: "egis0570-images", summary: "Egis0570Images.decode, the background and the finger-strip rule",
        maximumLength: 70_000,
        run: { bytes in
            guard case .success(let first) = Egis0570Images.decode(bytes) else { return }
            let rest = Array(bytes.dropFirst(Egis0570Commands.imageLength))
            guard case .success(let next) = Egis0570Images.decode(rest) else { return }
            let (strips, _) = next.fingerStrips(background: first.background, margin: 3, minimumMean: 20)
            FuzzCheck.require(strips.count <= Egis0570Images.count, "more strips than images")
        },
        seeds: { SensorSeeds.egisReads })

    static let vfs301Lines = FuzzTarget(
        name: "vfs301-lines", summary: "VFS301LineRecord.lines (288-byte records; a first block starting mid-record)",
        maximumLength: 16_384,
        run: { bytes in
            for isFirst in [true, false] {
                guard case .success(let lines) = VFS301LineRecord.lines(in: bytes, isFirst: isFirst) else { continue }
                FuzzCheck.require(lines.allSatisfy { $0.pixels.count == 200 }, "a VFS301 line of the wrong width")
                FuzzCheck.require(lines.count <= bytes.count / VFS301LineRecord.length, "more VFS301 lines than records")
            }
        },
        seeds: { SensorSeeds.vfs301Blocks })

    static let vfs0050Lines = FuzzTarget(
        name: "vfs0050-lines", summary: "VFS0050LineRecord.lines (148-byte records, trailing noise dropped)",
        maximumLength: 16_384,
        run: { bytes in
            guard case .success(let lines) = VFS0050LineRecord.lines(in: bytes) else { return }
            FuzzCheck.require(lines.count <= bytes.count / VFS0050LineRecord.length, "more VFS0050 lines than records")
            FuzzCheck.require(lines.allSatisfy { $0.pixels.count == 100 && $0.lookAhead.count == 32 }, "a VFS0050 line size")
        },
        seeds: { SensorSeeds.vfs0050Streams })

    /// The first byte picks the driver; the rest answers its reads (see ``FuzzTransport``).
    static let sensorDevice = FuzzTarget(
        name: "sensor-device", summary: "a capture on any newer driver (first byte) against a device answering fuzz bytes",
        maximumLength: 65_536,
        run: { bytes in
            guard let first = bytes.first else { return }
            let transport = FuzzTransport(Array(bytes.dropFirst()))
            let sensor = SensorSeeds.driver(Int(first) % SensorSeeds.drivers.count, over: transport)
            defer { sensor.close() }
            guard (try? sensor.open()) != nil,
                  let result = try? SensorCapture(sensor: sensor, timeout: .seconds(5)).run(),
                  let image = result.stitched.image else { return }
            FuzzCheck.require(image.pixels.count == image.width * image.height, "captured image size")
        },
        seeds: { SensorSeeds.unpluggedDevices })
}
