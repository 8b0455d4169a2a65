import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

@Test func scratchCompare() throws {
    let reference = try NBISReference()
    defer { reference.remove() }
    let images = try reference.readImages([SharedData.url("fingerprints/FVC2002_DB1_B/101_1.tif")], dpi: 500)
    let image = images[0]
    let ours = try WSQCodec.encode(image, bitRate: 0.75)
    let theirs = try reference.encode(images, bitRate: 0.75)[0]
    print("sizes ours \(ours.count) theirs \(theirs.count) equal \(ours == theirs)")
    let firstDiff = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    print("first diff at \(String(describing: firstDiff))")
    let ourDecode = try WSQCodec.decode(ours)
    let theirDecodeOfTheirs = try reference.decode([theirs, ours])
    let ourDecodeOfTheirs = try WSQCodec.decode(theirs)
    print("ours PSNR \(ImageComparison(image, ourDecode).psnr) theirs \(ImageComparison(image, theirDecodeOfTheirs[0]!).psnr)")
    let c = ImageComparison(ourDecodeOfTheirs, theirDecodeOfTheirs[0]!)
    print("decode of theirs: ours vs theirs max \(c.maximumDifference) differing \(c.differingPixels)")
    let c2 = ImageComparison(ourDecode, theirDecodeOfTheirs[1]!)
    print("decode of ours: ours vs theirs max \(c2.maximumDifference) differing \(c2.differingPixels)")
}
