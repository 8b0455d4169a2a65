import Imaging

/// The ridges thinned to 8-connected lines one pixel wide, with their topology kept.
///
/// Directional border peeling: each pass takes the ridge pixels whose neighbour on one side
/// (north, south, east, west in turn) is background, then deletes those that are still simple
/// points (removing them changes no connectivity, Yokoi's 8-connectivity number is 1) and not
/// line ends. Candidates are fixed before a pass, so lines thin from both sides to their middle.
struct Skeleton {
    let raster: BinaryRaster

    static func thin(_ image: BinarizedImage) -> Skeleton {
        var grid = PaddedBits(image.raster)
        var pixels = grid.setIndices()
        var candidates: [Int] = []
        candidates.reserveCapacity(pixels.count)
        let deletable = NeighbourhoodTable.isDeletable
        let offsets = grid.offsets, width = grid.width
        deletable.withUnsafeBufferPointer { table in
            grid.bits.withUnsafeMutableBufferPointer { bits in
                var changed = true
                while changed {
                    changed = false
                    for side in [2, 6, 0, 4] {
                        let offset = offsets[side]
                        candidates.removeAll(keepingCapacity: true)
                        for index in pixels where bits[index] != 0 && bits[index &+ offset] == 0
                            && table[PaddedBits.neighbourhood(bits, index, width: width)] {
                            candidates.append(index)
                        }
                        for index in candidates where table[PaddedBits.neighbourhood(bits, index, width: width)] {
                            bits[index] = 0
                            changed = true
                        }
                    }
                    pixels.removeAll { bits[$0] == 0 }
                }
            }
        }
        return Skeleton(raster: grid.unpadded())
    }
}

/// A binary raster with a one-pixel empty frame, so neighbourhood reads need no bounds checks.
struct PaddedBits {
    let width: Int
    let height: Int
    var bits: [UInt8]
    /// Index offsets of the 8 neighbours: E, NE, N, NW, W, SW, S, SE (counter-clockwise on screen).
    let offsets: [Int]

    init(_ raster: BinaryRaster) {
        width = raster.width + 2
        height = raster.height + 2
        var bits = [UInt8](repeating: 0, count: width * height)
        let paddedWidth = width
        raster.bits.withUnsafeBufferPointer { source in
            bits.withUnsafeMutableBufferPointer { target in
                for y in 0..<raster.height {
                    let from = y &* raster.width, to = (y &+ 1) &* paddedWidth &+ 1
                    for x in 0..<raster.width { target[to &+ x] = source[from &+ x] }
                }
            }
        }
        self.bits = bits
        offsets = [1, 1 - width, -width, -1 - width, -1, width - 1, width, width + 1]
    }

    func setIndices() -> [Int] {
        var indices: [Int] = []
        bits.withUnsafeBufferPointer { bits in
            for index in 0..<bits.count where bits[index] != 0 { indices.append(index) }
        }
        return indices
    }

    /// ``neighbourhood(_:)`` on raw storage, for the thinning loop.
    @inline(__always)
    static func neighbourhood(_ bits: UnsafeMutableBufferPointer<UInt8>, _ index: Int, width: Int) -> Int {
        let above = index &- width, below = index &+ width
        var code = Int(bits[index &+ 1] != 0 ? 1 : 0)
        code |= bits[above &+ 1] != 0 ? 2 : 0
        code |= bits[above] != 0 ? 4 : 0
        code |= bits[above &- 1] != 0 ? 8 : 0
        code |= bits[index &- 1] != 0 ? 16 : 0
        code |= bits[below &- 1] != 0 ? 32 : 0
        code |= bits[below] != 0 ? 64 : 0
        code |= bits[below &+ 1] != 0 ? 128 : 0
        return code
    }

    /// Bit `k` set when neighbour `k` (in ``offsets`` order) is a ridge pixel.
    func neighbourhood(_ index: Int) -> Int {
        var code = 0
        for k in 0..<8 where bits[index &+ offsets[k]] != 0 { code |= 1 << k }
        return code
    }

    func isDeletable(_ index: Int) -> Bool {
        let code = neighbourhood(index)
        return NeighbourhoodTable.neighbourCount[code] >= 2 && NeighbourhoodTable.isSimple[code]
    }

    func unpadded() -> BinaryRaster {
        var raster = BinaryRaster(width: width - 2, height: height - 2)
        let rasterWidth = raster.width, paddedWidth = width
        bits.withUnsafeBufferPointer { source in
            raster.bits.withUnsafeMutableBufferPointer { target in
                for y in 0..<(height - 2) {
                    let from = (y &+ 1) &* paddedWidth &+ 1, to = y &* rasterWidth
                    for x in 0..<rasterWidth { target[to &+ x] = source[from &+ x] }
                }
            }
        }
        return raster
    }
}

/// Properties of the 256 possible 8-neighbourhoods, computed once.
enum NeighbourhoodTable {
    static let neighbourCount: [Int] = (0..<256).map { $0.nonzeroBitCount }

    /// Yokoi's 8-connectivity number equals 1: deleting the centre keeps every connection.
    static let isSimple: [Bool] = (0..<256).map { connectivityNumber($0) == 1 }

    /// A border pixel may go: it is simple and not a line end (two or more neighbours).
    static let isDeletable: [Bool] = (0..<256).map { neighbourCount[$0] >= 2 && isSimple[$0] }

    static func connectivityNumber(_ code: Int) -> Int {
        func empty(_ k: Int) -> Int { (code >> (k % 8)) & 1 == 0 ? 1 : 0 }
        return stride(from: 0, to: 8, by: 2).reduce(0) { sum, k in
            sum + empty(k) - empty(k) * empty(k + 1) * empty(k + 2)
        }
    }
}
