import Imaging

/// Makes small images codable the way the NIST reference coder can read back.
///
/// NBIS's analysis filters read outside their buffers on lines shorter than five samples, its
/// synthesis does not invert lines of four or five samples exactly (it starts its highpass walk on
/// the band's last sample), and it estimates each subband's variance over a central window that
/// must hold at least two samples (fewer divide by zero). So every region the decomposition splits
/// must be at least six samples wide and high; the smallest, region 19, is 1/16 of the image, which
/// makes 81 pixels the shortest side. Smaller images are padded to 81 pixels a side by repeating
/// their last column and row; the decoder crops the padding off again.
enum WSQPadding {
    /// `image` if NBIS can code it as it is, else the image padded to a codable size.
    static func codable(_ image: GrayImage) -> GrayImage {
        guard !isCodableByReference(width: image.width, height: image.height) else { return image }
        let width = max(image.width, WSQParameters.minimumCodedSide)
        let height = max(image.height, WSQParameters.minimumCodedSide)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let sourceRow = min(y, image.height - 1) * image.width
            for x in 0..<width { pixels[y * width + x] = image.pixels[sourceRow + min(x, image.width - 1)] }
        }
        return GrayImage(width: width, height: height, dpi: image.dpi, pixels: pixels)
    }

    /// Whether NBIS codes a `width` × `height` image correctly: every region it splits is at least
    /// six samples wide and high, and every coded subband's variance window holds two samples.
    static func isCodableByReference(width: Int, height: Int) -> Bool {
        let layout = WSQSubbandLayout(width: width, height: height)
        let splitsAreLongEnough = layout.splits.allSatisfy { $0.region.width >= 6 && $0.region.height >= 6 }
        let windowsHoldTwo = layout.subbands.prefix(WSQParameters.codedSubbandCount).allSatisfy { subband in
            (3 * subband.width / 4) * (7 * subband.height / 16) >= 2
        }
        return splitsAreLongEnough && windowsHoldTwo
    }
}
