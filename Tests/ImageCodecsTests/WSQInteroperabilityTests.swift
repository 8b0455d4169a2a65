import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

/// pbtool's WSQ codec against NIST's (NBIS, from the PyPI package `wsq`) on real FVC fingerprints:
/// our files decode there, theirs decode here, and quality at the same bit rate matches.
@Suite(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)),
       .enabled(if: NBISReference.isAvailable, Comment(rawValue: NBISReference.skipMessage)))
struct WSQInteroperabilityTests {
    /// Two impressions from each FVC set, with the set's nominal resolution.
    private static let samples: [(path: String, dpi: Double)] = [
        ("FVC2002_DB1_B/101_1.tif", 500), ("FVC2002_DB1_B/106_4.tif", 500),
        ("FVC2002_DB2_B/102_2.tif", 569), ("FVC2002_DB2_B/109_7.tif", 569),
        ("FVC2004_DB1_B/103_3.tif", 500), ("FVC2004_DB1_B/110_8.tif", 500),
        ("FVC2004_DB3_B/104_5.tif", 512), ("FVC2004_DB3_B/107_1.tif", 512),
    ]

    /// Both coders' files for the samples at one bit rate, and both coders' decodings of each.
    private struct Exchange: Sendable {
        let images: [GrayImage]
        let ours: [[UInt8]]
        let theirs: [[UInt8]]
        let oursDecodedThere: [GrayImage?]
        let theirsDecodedThere: [GrayImage?]
        let oursDecodedHere: [GrayImage]
        let theirsDecodedHere: [GrayImage]

        init(bitRate: Double) throws {
            let reference = try NBISReference()
            defer { reference.remove() }
            images = try WSQInteroperabilityTests.images.get()
            ours = try images.map { try WSQCodec.encode($0, bitRate: bitRate) }
            theirs = try reference.encode(images, bitRate: bitRate)
            let decodedThere = try reference.decode(ours + theirs)
            oursDecodedThere = Array(decodedThere.prefix(images.count))
            theirsDecodedThere = Array(decodedThere.suffix(images.count))
            oursDecodedHere = try ours.map(WSQCodec.decode)
            theirsDecodedHere = try theirs.map(WSQCodec.decode)
        }
    }

    private static let images = Result {
        let reference = try NBISReference()
        defer { reference.remove() }
        let images = try reference.readImages(samples.map { SharedData.url("fingerprints/\($0.path)") }, dpi: 500)
        return zip(images, samples).map { image, sample in
            var image = image
            image.dpi = sample.dpi
            return image
        }
    }

    private static let exchanges = [0.75: Result { try Exchange(bitRate: 0.75) }, 2.25: Result { try Exchange(bitRate: 2.25) }]

    @Test(arguments: [0.75, 2.25])
    func ourFilesDecodeInTheReference(bitRate: Double) throws {
        let exchange = try #require(Self.exchanges[bitRate]).get()
        for (index, image) in exchange.images.enumerated() {
            let there = try #require(exchange.oursDecodedThere[index], "NBIS refused our file for \(Self.samples[index].path)")
            #expect(there.width == image.width && there.height == image.height)
            #expect(Int(there.dpi) == Int(image.dpi), "NBIS reads the PPI we record")
            let comparison = ImageComparison(exchange.oursDecodedHere[index], there)
            #expect(comparison.maximumDifference <= 1, "\(Self.samples[index].path): NBIS and pbtool decode our file alike")
        }
    }

    @Test(arguments: [0.75, 2.25])
    func referenceFilesDecodeHere(bitRate: Double) throws {
        let exchange = try #require(Self.exchanges[bitRate]).get()
        for (index, image) in exchange.images.enumerated() {
            let here = exchange.theirsDecodedHere[index]
            #expect(here.width == image.width && here.height == image.height && here.dpi == image.dpi)
            let comparison = ImageComparison(here, try #require(exchange.theirsDecodedThere[index]))
            #expect(comparison.maximumDifference <= 1, "\(Self.samples[index].path): pbtool and NBIS decode NBIS's file alike")
            #expect(try WSQCodec.header(exchange.theirs[index]).bitRate == bitRate)
        }
    }

    @Test(arguments: [0.75, 2.25])
    func qualityAndSizeMatchTheReference(bitRate: Double) throws {
        let exchange = try #require(Self.exchanges[bitRate]).get()
        for (index, image) in exchange.images.enumerated() {
            let ourPSNR = ImageComparison(image, exchange.oursDecodedHere[index]).psnr
            let theirPSNR = ImageComparison(image, try #require(exchange.theirsDecodedThere[index])).psnr
            #expect(abs(ourPSNR - theirPSNR) <= 0.5, "\(Self.samples[index].path): \(ourPSNR) dB against NBIS's \(theirPSNR) dB")
            #expect(abs(Double(exchange.ours[index].count) / Double(exchange.theirs[index].count) - 1) < 0.02)
        }
    }

    /// Stronger than the issue asks: the encoder follows NBIS's arithmetic step for step, so with the
    /// same PPI the files are the same bytes. A different build of NBIS (other compiler flags, FMA)
    /// could round differently; the PSNR test above is the criterion that matters.
    @Test(arguments: [0.75, 2.25])
    func encoderWritesTheReferenceFilesByteForByte(bitRate: Double) throws {
        let exchange = try #require(Self.exchanges[bitRate]).get()
        for index in exchange.images.indices {
            #expect(exchange.ours[index] == exchange.theirs[index], "\(Self.samples[index].path)")
        }
    }

    @Test func paddedSmallImagesDecodeInTheReference() throws {
        let reference = try NBISReference()
        defer { reference.remove() }
        let fingerprint = try Self.images.get()[0]
        let small = [fingerprint.cropped(to: PixelRect(x: 150, y: 150, width: 40, height: 30)),
                     fingerprint.cropped(to: PixelRect(x: 150, y: 150, width: 1, height: 1)),
                     fingerprint.cropped(to: PixelRect(x: 100, y: 100, width: 200, height: 64))]
        let ours = try small.map { try WSQCodec.encode($0, bitRate: 2.25) }
        let decodedThere = try reference.decode(ours)
        for (image, decoded) in zip(small, decodedThere) {
            let there = try #require(decoded, "NBIS refused a padded \(image.width)×\(image.height) file")
            #expect(there.width == max(image.width, 81) && there.height == max(image.height, 81))
            let visible = there.cropped(to: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            #expect(ImageComparison(image, visible).psnr > 30)
        }
    }

    /// NBIS codes images under 81 pixels a side without complaint, but its files are degraded (it
    /// reads outside its buffers); from 48 pixels on, both decoders still agree on them, and below
    /// that pbtool at least decodes them without failing.
    @Test func referenceFilesOfSmallImagesDecodeHere() throws {
        let reference = try NBISReference()
        defer { reference.remove() }
        let fingerprint = try Self.images.get()[4]
        let sizes = [(32, 32), (48, 48), (64, 64), (72, 72), (80, 80), (200, 40)]
        let small = sizes.map { fingerprint.cropped(to: PixelRect(x: 250, y: 150, width: $0.0, height: $0.1)) }
        let theirs = try reference.encode(small, bitRate: 0.75)
        let decodedThere = try reference.decode(theirs)
        for (index, size) in sizes.enumerated() {
            let here = try WSQCodec.decode(theirs[index])
            #expect(here.width == size.0 && here.height == size.1)
            guard size.0 >= 48, size.1 >= 48, let there = decodedThere[index] else { continue }
            #expect(ImageComparison(here, there).maximumDifference <= 1, "\(size.0)×\(size.1)")
        }
    }
}
