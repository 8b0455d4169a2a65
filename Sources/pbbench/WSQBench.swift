import Fingerprint
import Foundation
import ImageCodecs
import Imaging
import ReferenceData

/// WSQ (issue 3): encode and decode time of a 500×500 image, and compression ratio and PSNR beside
/// NIST's coder (the PyPI package `wsq`) on the FVC sets at 0.75 and 2.25 bits per pixel.
struct WSQBench: BenchSuite {
    static let name = "wsq"
    static let summary = "WSQ encode/decode 500×500 (≤ 20 ms each); ratio and PSNR beside NIST's coder on FVC"

    private static let sets = ImagesBenchData.sets
    private static let bitRates = [0.75, 2.25]

    /// `../shared/data/fingerprints` beside the checkout, or under `PBTOOL_SHARED_DATA` when set.
    private static let fingerprints: URL = {
        if let override = ProcessInfo.processInfo.environment["PBTOOL_SHARED_DATA"] {
            return URL(fileURLWithPath: override).appendingPathComponent("fingerprints")
        }
        var checkout = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { checkout.deleteLastPathComponent() }
        return checkout.deletingLastPathComponent().appendingPathComponent("shared/data/fingerprints")
    }()

    private static var hasFingerprints: Bool { FileManager.default.fileExists(atPath: fingerprints.path) }

    func run(_ report: BenchReport) async throws {
        let reference = NBISReference.isAvailable ? try NBISReference() : nil
        defer { reference?.remove() }
        try measureSpeed(report, reference: reference)
        guard Self.hasFingerprints else {
            report.skip("no ../shared/data/fingerprints beside the checkout: FVC comparison not run")
            return
        }
        guard let reference else {
            report.skip("python3 with the PyPI package wsq is not installed (make deps installs it): no comparison with NIST's coder")
            return
        }
        for (set, dpi) in Self.sets { try compare(set: set, dpi: dpi, reference: reference, report) }
    }

    /// Encode and decode time of a 500×500 fingerprint (an FVC2004 image cut and padded to
    /// size, or a synthetic ridge pattern without ../shared or python3).
    private func measureSpeed(_ report: BenchReport, reference: NBISReference?) throws {
        let image: GrayImage
        if let reference, Self.hasFingerprints {
            let source = try reference.readImages([Self.fingerprints.appendingPathComponent("FVC2004_DB1_B/101_1.tif")], dpi: 500)[0]
            image = Self.fitted(source, width: 500, height: 500)
            report.note("500×500 image: FVC2004_DB1_B/101_1.tif cut to 500 columns, last row repeated to 500 rows")
        } else {
            image = Self.syntheticRidges(width: 500, height: 500)
            report.note("500×500 image: synthetic ridge pattern (no ../shared or no python3 to read the FVC TIFFs)")
        }
        for bitRate in Self.bitRates {
            let encoded = try WSQCodec.encode(image, bitRate: bitRate)
            let encodeTime = try Self.bestMilliseconds { _ = try WSQCodec.encode(image, bitRate: bitRate) }
            let decodeTime = try Self.bestMilliseconds { _ = try WSQCodec.decode(encoded) }
            let target: BenchTarget? = bitRate == 0.75 ? .atMost(20) : nil
            report.record("encode 500×500 at \(bitRate) bpp", encodeTime.wall, unit: "ms", target: target)
            report.record("decode 500×500 at \(bitRate) bpp", decodeTime.wall, unit: "ms", target: target)
            report.record("encode 500×500 at \(bitRate) bpp, CPU time", encodeTime.processor, unit: "ms")
            report.record("decode 500×500 at \(bitRate) bpp, CPU time", decodeTime.processor, unit: "ms")
        }
    }

    /// Every image of one FVC set through both coders at each bit rate.
    private func compare(set: String, dpi: Double, reference: NBISReference, _ report: BenchReport) throws {
        let urls = (101...110).flatMap { finger in (1...8).map { Self.fingerprints.appendingPathComponent("\(set)/\(finger)_\($0).tif") } }
        let images = try reference.readImages(urls, dpi: dpi)
        let rawBytes = Double(images.reduce(0) { $0 + $1.pixels.count })
        for bitRate in Self.bitRates {
            let ours = try images.map { try WSQCodec.encode($0, bitRate: bitRate) }
            let theirs = try reference.encode(images, bitRate: bitRate)
            let ourDecodes = try ours.map { try WSQCodec.decode($0) }
            let nbisDecodes = try reference.decode(theirs + ours)
            let theirDecodes = nbisDecodes.prefix(images.count).compactMap { $0 }
            let ourFilesDecodedByNBIS = nbisDecodes.suffix(images.count).compactMap { $0 }
            let ourPSNR = Self.psnr(images, ourDecodes), theirPSNR = Self.psnr(images, theirDecodes)
            let label = "\(set) \(bitRate) bpp"
            report.record("\(label) ratio ours", rawBytes / Double(ours.reduce(0) { $0 + $1.count }), unit: ":1")
            report.record("\(label) ratio NBIS", rawBytes / Double(theirs.reduce(0) { $0 + $1.count }), unit: ":1")
            report.record("\(label) PSNR ours", ourPSNR, unit: "dB")
            report.record("\(label) PSNR NBIS", theirPSNR, unit: "dB")
            report.record("\(label) PSNR ours − NBIS", ourPSNR - theirPSNR, unit: "dB", target: .atLeast(-0.5))
            report.record("\(label) our files NBIS decodes", Double(ourFilesDecodedByNBIS.count), unit: "of \(images.count)",
                          target: .atLeast(Double(images.count)))
            report.record("\(label) files identical to NBIS's", Double(zip(ours, theirs).filter { $0 == $1 }.count),
                          unit: "of \(images.count)")
        }
    }

    /// PSNR in dB of the pooled squared error over all pairs.
    private static func psnr(_ originals: [GrayImage], _ decoded: [GrayImage]) -> Double {
        guard originals.count == decoded.count else { return 0 }
        var squares = 0.0, count = 0.0
        for (original, copy) in zip(originals, decoded) where original.pixels.count == copy.pixels.count {
            for (a, b) in zip(original.pixels, copy.pixels) {
                let difference = Double(Int(a) - Int(b))
                squares += difference * difference
            }
            count += Double(original.pixels.count)
        }
        return squares == 0 ? 99 : 10 * log10(255 * 255 / (squares / count))
    }

    /// Wall-clock and thread CPU time of the fastest of 31 runs after 3 warm-up runs: on a shared
    /// machine the fastest run is the one least disturbed by other work, and CPU time shows the
    /// codec's own cost when even that run was preempted.
    private static func bestMilliseconds(_ body: () throws -> Void) throws -> (wall: Double, processor: Double) {
        for _ in 0..<3 { try body() }
        let clock = ContinuousClock()
        var wall = Double.infinity, processor = Double.infinity
        for _ in 0..<31 {
            let cpuStart = ThreadCPU.milliseconds()
            let elapsed = try clock.measure(body)
            processor = min(processor, ThreadCPU.milliseconds() - cpuStart)
            wall = min(wall, elapsed / .milliseconds(1))
        }
        return (wall, processor)
    }

    /// `image` cut or extended (by repeating its last column and row) to `width` × `height`, centered horizontally.
    private static func fitted(_ image: GrayImage, width: Int, height: Int) -> GrayImage {
        let left = max(0, (image.width - width) / 2)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = image[min(left + x, image.width - 1), min(y, image.height - 1)]
            }
        }
        return GrayImage(width: width, height: height, dpi: image.dpi, pixels: pixels)
    }

    /// Concentric ridges about 9 pixels apart with a little deterministic noise: fingerprint-like
    /// content for timing when no real image is at hand.
    private static func syntheticRidges(width: Int, height: Int) -> GrayImage {
        var state: UInt32 = 7
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let radius = (Double(x - width / 2) * Double(x - width / 2) + Double(y - height / 3) * Double(y - height / 3)).squareRoot()
                let value = 128 + 90 * sin(radius * 2 * .pi / 9) + Double(state >> 28) - 8
                pixels[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
