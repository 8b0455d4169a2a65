import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

@Suite struct ImageFileTests {
    private let directory: String = {
        let path = NSTemporaryDirectory() + "pbtool-imagefile-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    @Test(arguments: [ImageFormat.png, .tiff, .bmp, .pgm])
    func writeThenReadByExtension(format: ImageFormat) throws {
        let path = "\(directory)/picture.\(format.preferredExtension)"
        let image = TestImages.gradient()
        try ImageFile.write(image, to: path)
        #expect(try ImageFile.read(path).pixels == image.pixels)
        #expect(try ImageFile.info(path: path).format == format)
    }

    /// A fingerprint image is biometric data: nobody else may read it.
    @Test func writtenImagesAreReadableByTheOwnerOnly() throws {
        let path = "\(directory)/finger.png"
        try ImageFile.write(TestImages.gradient(), to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func explicitFormatBeatsTheExtension() throws {
        let path = "\(directory)/really-a-bmp.png"
        try ImageFile.write(TestImages.gradient(), to: path, format: .bmp)
        #expect(try ImageFile.info(path: path).format == .bmp)
    }

    @Test func missingFileNamesThePathAndTheReason() {
        let path = "\(directory)/nope.png"
        #expect(throws: ImageFileError.self) { try ImageFile.read(path) }
        do {
            _ = try ImageFile.read(path)
        } catch {
            #expect(error.description == "cannot read \(path): does not exist")
        }
    }

    @Test func corruptFileNamesThePathAndTheProblem() throws {
        let path = "\(directory)/bad.pgm"
        try Data("P5 2 2 255\n\u{1}".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ImageFile.read(path)
            Issue.record("a truncated file must not decode")
        } catch {
            #expect(error.description == "cannot read \(path): truncated PGM file: pixel data has 1 of 4 bytes")
        }
    }

    @Test func directoriesAndUnknownOutputFormatsAreRefused() {
        #expect(throws: ImageFileError.self) { try ImageFile.read(directory) }
        do {
            try ImageFile.write(TestImages.gradient(), to: "\(directory)/picture.gif")
            Issue.record("an unknown extension must be refused")
        } catch {
            #expect(error.description.contains("cannot tell the format"))
        }
    }

    @Test func unwritableDestinationIsASystemError() {
        do {
            try ImageFile.write(TestImages.gradient(), to: "\(directory)/no/such/dir/a.png")
            Issue.record("writing into a missing directory must fail")
        } catch {
            #expect(error.operation == .write)
            #expect(error.description.contains("there is no folder \(directory)/no/such/dir"))
        }
    }

    @Test func rgbImagesAreWrittenToFiles() throws {
        let path = "\(directory)/colour.png"
        try ImageFile.write(TestImages.colours(), to: path)
        #expect(try ImageFile.info(path: path).layout == .rgb)
    }
}

@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (real FVC TIFFs)"))
struct FVCImageTests {
    @Test(arguments: [("FVC2002_DB1_B", 388, 374), ("FVC2002_DB2_B", 296, 560),
                      ("FVC2004_DB1_B", 640, 480), ("FVC2004_DB3_B", 300, 480)])
    func firstImpressionOfEachSetReads(set: String, width: Int, height: Int) throws {
        let path = SharedData.url("fingerprints/\(set)/101_1.tif").path
        let decoded = try ImageFile.readDecoded(path)
        #expect(decoded.image.width == width && decoded.image.height == height)
        #expect(decoded.info.format == .tiff && decoded.info.bitDepth == 8 && decoded.info.layout == .gray)
        // The README: the resolution tag is a meaningless 1 dpi, so the default applies.
        #expect(decoded.info.usableDPI == nil)
        #expect(decoded.image.dpi == ImageFile.defaultDPI)
        let levels = Set(decoded.image.pixels)
        #expect(levels.count > 64, "a fingerprint has many gray levels")
    }

    @Test func cutFVCFilesFailCleanly() throws {
        let bytes = try [UInt8](Data(contentsOf: SharedData.url("fingerprints/FVC2002_DB1_B/101_1.tif")))
        // Every 997th length, from inside the header to one byte short of the end.
        let lengths = Array(stride(from: 0, to: bytes.count, by: 997)) + [bytes.count - 1]
        for length in lengths {
            #expect(throws: ImageCodecError.self) { _ = try ImageFile.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test func fvcImageSurvivesEveryFormat() throws {
        let image = try ImageFile.read(SharedData.url("fingerprints/FVC2002_DB1_B/101_1.tif").path, dpi: 500)
        for format in [ImageFormat.png, .tiff, .bmp, .pgm] {
            let decoded = try ImageFile.decode(try ImageFile.encode(image, as: format))
            #expect(decoded.image.pixels == image.pixels, "\(format)")
        }
    }
}
