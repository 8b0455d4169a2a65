import Testing
@testable import ImageCodecs

@Suite struct ImageFormatTests {
    @Test(arguments: [
        ("a.png", ImageFormat.png), ("b.TIF", .tiff), ("c.tiff", .tiff), ("d.bmp", .bmp), ("e.pgm", .pgm),
        ("dir.with.dots/f.wsq", .wsq), ("g.jpg", .jpeg), ("h.JPEG", .jpeg), ("i.jp2", .jpeg2000),
    ])
    func extensionNamesTheFormat(path: String, format: ImageFormat) {
        #expect(ImageFormat(path: path) == format)
    }

    @Test func unknownOrMissingExtensionIsNil() {
        #expect(ImageFormat(path: "picture.gif") == nil)
        #expect(ImageFormat(path: "codestream.j2k") == nil, "pbtool writes JP2 files only; codestreams are read by their bytes")
        #expect(ImageFormat(path: "noextension") == nil)
        #expect(ImageFormat(path: ".png") == nil)
        #expect(ImageFormat(path: "dir.png/file") == nil)
    }

    @Test func signaturesNameTheFormat() {
        #expect(ImageFormat(magic: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat(magic: Array("II*\0".utf8)) == .tiff)
        #expect(ImageFormat(magic: Array("MM\0*".utf8)) == .tiff)
        #expect(ImageFormat(magic: Array("BM\0\0".utf8)) == .bmp)
        #expect(ImageFormat(magic: Array("P5\n".utf8)) == .pgm)
        #expect(ImageFormat(magic: Array("P2 ".utf8)) == .pgm)
        #expect(ImageFormat(magic: [0xFF, 0xA0, 0xFF, 0xA8]) == .wsq)
        #expect(ImageFormat(magic: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(magic: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) == .jpeg2000)
        #expect(ImageFormat(magic: [0xFF, 0x4F, 0xFF, 0x51, 0x00, 0x29]) == .jpeg2000)
    }

    @Test func namesForMessagesListEveryFormat() {
        #expect(ImageFormat.displayNames == "PNG, TIFF, BMP, PGM, WSQ, JPEG or JPEG 2000")
        #expect(ImageFormat.extensions == ".png .tif .bmp .pgm .wsq .jpg .jp2")
    }

    @Test func nearMissesAreNotRecognised() {
        #expect(ImageFormat(magic: []) == nil)
        #expect(ImageFormat(magic: Array("P6\n".utf8)) == nil)
        #expect(ImageFormat(magic: Array("P5x".utf8)) == nil)
        #expect(ImageFormat(magic: [0x89, 0x50, 0x4E]) == nil)
        #expect(ImageFormat(magic: Array("GIF89a".utf8)) == nil)
    }

    @Test func unrecognisedBytesNameTheirStart() {
        let error = TestImages.codecError { _ = try ImageFile.decode(Array("GIF89a".utf8)) }
        #expect(error?.description.contains("47 49 46 38 39 61") == true)
        let empty = TestImages.codecError { _ = try ImageFile.decode([]) }
        #expect(empty?.description.contains("empty") == true)
    }
}
