import Foundation

extension NeighbourhoodSketch {
    /// How alike two sketches are, about `0...1`: the mean of the best minutia pairs' cosine
    /// similarities (1 within the levels' rounding for identical sketches).
    ///
    /// Minutiae pair only when their directions differ by at most
    /// ``Parameters/maximumDirectionDifference`` (60°), so ranking assumes a probe turned by no
    /// more than that from its reference; the full matcher allows 90°.
    ///
    /// Only the ranking matters: the score says which gallery templates deserve a full
    /// comparison, never whether two templates match.
    public func similarity(to other: NeighbourhoodSketch) -> Double {
        let length = parameters.bins, kept = min(parameters.scoredPairs, compared.count, other.compared.count)
        guard kept > 0 else { return 0 }
        // |Δθ| ≤ limit as cos Δθ ≥ cos limit: two products instead of wrapping the difference.
        let leastCosine = Float(cos(parameters.maximumDirectionDifference))
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: kept) { best in
            best.initialize(repeating: 0)
            levels.withUnsafeBufferPointer { mine in
                other.levels.withUnsafeBufferPointer { theirs in
                    for i in compared {
                        let a = mine.baseAddress! + i &* length
                        let direction = directions[i]
                        for j in other.compared {
                            guard (direction * other.directions[j]).sum() >= leastCosine else { continue }
                            let dot = Self.dot(a, theirs.baseAddress! + j &* length, count: length)
                            Self.keep(Float(dot) * scales[i] * other.scales[j], in: best)
                        }
                    }
                }
            }
            return Double(best.reduce(0, +)) / Double(kept)
        }
    }

    /// `Σ a[k] · b[k]`, sixteen levels at a time. Levels are at most 127, so four products fit
    /// a 16-bit lane before it is widened into 32-bit sums.
    @inline(__always)
    private static func dot(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var low = SIMD8<UInt32>(), high = SIMD8<UInt32>()
        var index = 0
        while index &+ 64 <= count {
            var products = SIMD16<UInt16>()
            for step in 0..<4 {
                let offset = index &+ step &* 16
                let x = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(a + offset).loadUnaligned(as: SIMD16<UInt8>.self))
                let y = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(b + offset).loadUnaligned(as: SIMD16<UInt8>.self))
                products &+= x &* y
            }
            low &+= SIMD8<UInt32>(truncatingIfNeeded: products.lowHalf)
            high &+= SIMD8<UInt32>(truncatingIfNeeded: products.highHalf)
            index &+= 64
        }
        var total = (low &+ high).wrappedSum()
        while index < count {
            total &+= UInt32(a[index]) &* UInt32(b[index])
            index &+= 1
        }
        return total
    }

    /// Inserts `value` into `best` (descending) when it beats the last.
    @inline(__always)
    private static func keep(_ value: Float, in best: UnsafeMutableBufferPointer<Float>) {
        var slot = best.count - 1
        guard value > best[slot] else { return }
        while slot > 0 && best[slot - 1] < value {
            best[slot] = best[slot - 1]
            slot -= 1
        }
        best[slot] = value
    }
}
