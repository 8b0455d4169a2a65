import FingerprintSynthesis
/// Compact-card minutiae for tests, made from a seed: the same seed always gives the same bytes.
public enum MinutiaeFixture {
    /// `count` minutiae (3 bytes each) at distinct positions 2–22 mm from the corner, ridge
    /// endings and bifurcations, angles 0–63, in no particular order.
    public static func compact(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var taken = Set<Int>()
        var bytes: [UInt8] = []
        while bytes.count < count * 3 {
            let x = UInt8(20 + generator.next() % 200)
            let y = UInt8(20 + generator.next() % 200)
            guard taken.insert(Int(x) << 8 | Int(y)).inserted else { continue }
            let type: UInt8 = generator.next() % 2 == 0 ? 0x40 : 0x80
            bytes += [x, y, type | UInt8(generator.next() % 64)]
        }
        return bytes
    }

    /// 30 ridge endings 1 mm apart on a 6 × 5 grid: 1.5 per mm², over twice what fingers reach,
    /// as a template made from a resized image packs them.
    public static let squeezed: [UInt8] = (0..<30).flatMap { (index: Int) -> [UInt8] in
        let column = UInt8(index % 6), row = UInt8(index / 6)
        return [100 + column * 10, 100 + row * 10, 0x40 | UInt8(index)]
    }

    /// The same minutiae in another order (what a host's sorting step may produce).
    public static func reordered(_ bytes: [UInt8]) -> [UInt8] {
        stride(from: 0, to: bytes.count, by: 3).reversed().flatMap { bytes[$0..<($0 + 3)] }
    }
}
