import Imaging
@testable import ImageCodecs

/// Small deterministic pictures for round trips.
enum TestImages {
    /// A gray gradient with an odd size (exercises BMP row padding and strip remainders).
    static func gradient(width: Int = 37, height: Int = 23, dpi: Double = 500) -> GrayImage {
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { pixels.append(UInt8((x * 7 + y * 13 + (x * y) % 17) & 0xFF)) }
        }
        return GrayImage(width: width, height: height, dpi: dpi, pixels: pixels)
    }

    static func colours(width: Int = 9, height: Int = 5) -> RGBImage {
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 28), UInt8(y * 50), UInt8((x + y) * 17)] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Decodes every proper prefix of `file` (and some damaged copies): each must throw, none may crash.
    static func everyPrefixThrows(_ file: [UInt8], step: Int = 1) -> [Int] {
        var accepted = [Int]()
        for length in stride(from: 0, to: file.count, by: step) {
            if (try? ImageFile.decode(Array(file.prefix(length)))) != nil { accepted.append(length) }
        }
        return accepted
    }

    static func codecError(_ body: () throws -> Void) -> ImageCodecError? {
        do {
            try body()
            return nil
        } catch let error as ImageCodecError {
            return error
        } catch {
            return nil
        }
    }
}
