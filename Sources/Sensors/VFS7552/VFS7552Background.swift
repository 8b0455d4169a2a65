import Imaging

/// The VFS7552's finger signal: a frame is compared with a background frame taken without a
/// finger (ridges darken the sensor), and the variance of the difference says whether a finger
/// is down (libfprint's vfs7552 rule).
struct VFS7552Background {
    /// The frame taken as the empty sensor.
    let pixels: [UInt8]

    /// background − frame where positive, × 4, clamped to 255: ridges bright, valleys dark.
    func cleaned(_ frame: [UInt8]) -> [UInt8] {
        zip(pixels, frame).map { background, value in
            background < value ? 0 : UInt8(min(255, Int(background - value) * 4))
        }
    }

    /// The population variance of `values`, every division truncating (libfprint's
    /// `fpi_std_sq_dev`).
    static func variance(_ values: [UInt8]) -> Int {
        guard !values.isEmpty else { return 0 }
        let mean = values.reduce(0) { $0 + Int($1) } / values.count
        return values.reduce(0) { $0 + (Int($1) - mean) * (Int($1) - mean) } / values.count
    }
}
