#if canImport(Glibc)
import Glibc
#endif

/// xoshiro256** (Blackman & Vigna, 2018): the generator behind every random choice in synthesis,
/// so the same seed gives the same fingerprints on every run and machine.
///
/// Seeded through SplitMix64 as the authors recommend. Not cryptographic.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
    }

    /// A generator for one named stream under a seed (finger 3, impression 5, …): streams with
    /// different `path`s are independent.
    public init(seed: UInt64, path: UInt64...) {
        var mixed = seed
        for component in path {
            var mixer = SplitMix64(seed: mixed ^ (component &* 0x9E37_79B9_7F4A_7C15))
            mixed = mixer.next()
        }
        self.init(seed: mixed)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// Uniform in `0 ..< 1`, 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Uniform integer in `range`.
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// Standard normal (Box–Muller), optionally scaled and clamped to ±`limit` standard deviations.
    public mutating func normal(mean: Double = 0, deviation: Double = 1, limit: Double = 3) -> Double {
        let u1 = max(unit(), 1e-300), u2 = unit()
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return mean + deviation * min(max(z, -limit), limit)
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}

/// SplitMix64 (Steele, Lea & Flood, 2014): expands one 64-bit seed into well-mixed state words.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A mixer starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next mixed word.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
