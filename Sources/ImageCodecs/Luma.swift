/// Luma from RGB with the ITU-R BT.601 weights (0.299, 0.587, 0.114) in 8-bit fixed point.
enum Luma {
    static func gray(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let sum = 77 &* UInt32(red) &+ 150 &* UInt32(green) &+ 29 &* UInt32(blue) &+ 128
        return UInt8(truncatingIfNeeded: sum &>> 8)
    }

    /// Interleaved samples (`channels` per pixel, colour first) to gray; alpha, when present, is ignored.
    static func gray(interleaved samples: [UInt8], channels: Int, order: (Int, Int, Int) = (0, 1, 2)) -> [UInt8] {
        let count = samples.count / channels
        var out = [UInt8](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for index in 0..<count {
                    let base = index &* channels
                    target[index] = gray(red: source[base &+ order.0], green: source[base &+ order.1],
                                         blue: source[base &+ order.2])
                }
            }
        }
        return out
    }
}
