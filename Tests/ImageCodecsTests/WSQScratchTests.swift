import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

@Test func scratchSmall() throws {
    let reference = try NBISReference()
    defer { reference.remove() }
    let big = try reference.readImages([SharedData.url("fingerprints/FVC2004_DB1_B/101_1.tif")], dpi: 500)[0]
    var sizes: [(Int, Int)] = []
    for s in stride(from: 60, through: 100, by: 1) { sizes.append((s, s)) }
    for w in [49, 56, 64, 65, 66, 70, 80, 81] { for h in [81, 100, 144, 145, 146, 200, 300] { sizes.append((w, h)); sizes.append((h, w)) } }
    var images: [GrayImage] = []
    for (w, h) in sizes { images.append(big.cropped(to: PixelRect(x: 150, y: 100, width: w, height: h))) }
    let theirs = try reference.encode(images, bitRate: 0.75)
    let theirDecodes = try reference.decode(theirs)
    for (i, (w, h)) in sizes.enumerated() {
        let codable = WSQPadding.isCodableByReference(width: w, height: h)
        let ours = try WSQCodec.encode(images[i], bitRate: 0.75)
        let refPSNR = theirDecodes[i].map { ImageComparison(images[i], $0).psnr } ?? -1
        let ourPSNR = ImageComparison(images[i], try WSQCodec.decode(ours)).psnr
        print("\(w)x\(h) codable \(codable) identical \(ours == theirs[i]) refPSNR \(String(format: "%.2f", refPSNR)) ourPSNR \(String(format: "%.2f", ourPSNR))")
    }
}
