/// The sensor's automatic gain: a light, dry touch leaves ridges so thin and pale that, imaged
/// as they are, no strip of a swipe would pass a sensor's empty-strip rule (`sim:synthetic:8`'s
/// fourth impression left none). Real sensors raise their gain until the ridges show, so when
/// the darkest `darkShare` of the pixels is paler than `darkLevel`, every pixel's distance from
/// the background is stretched until it is not. Thin and broken ridges stay thin and broken.
struct SensorGain {
    /// Share of the image's pixels that must reach `darkLevel`.
    var darkShare = 0.02
    /// Gray level those pixels must reach.
    var darkLevel = 100
    /// Largest gain the sensor applies.
    var maximumGain = 4.0

    /// `pixels` with the gain applied around the `background` level (unchanged when dark enough).
    func applied(to pixels: [UInt8], background: Double) -> [UInt8] {
        var histogram = [Int](repeating: 0, count: 256)
        for pixel in pixels { histogram[Int(pixel)] += 1 }
        let wanted = Int(Double(pixels.count) * darkShare)
        var seen = 0, level = 0
        while level < 255 && seen + histogram[level] < wanted {
            seen += histogram[level]
            level += 1
        }
        guard level > darkLevel, Double(level) < background else { return pixels }
        let gain = min(maximumGain, (background - Double(darkLevel)) / (background - Double(level)))
        return pixels.map { pixel in
            UInt8(min(max(background - (background - Double(pixel)) * gain, 0), 255).rounded())
        }
    }
}
