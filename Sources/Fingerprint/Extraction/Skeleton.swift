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
        var changed = true
        while changed {
            changed = false
            for side in [2, 6, 0, 4] {
                let offset = grid.offsets[side]
                let candidates = pixels.filter { grid.bits[$0] != 0 && grid.bits[$0 &+ offset] == 0 && grid.isDeletable($0) }
                for index in candidates where grid.isDeletable(index) {
                    grid.bits[index] = 0
                    changed = true
                }
            }
            pixels.removeAll { grid.bits[$0] == 0 }
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
        bits = [UInt8](repeating: 0, count: width * height)
        for y in 0..<raster.height {
            for x in 0..<raster.width { bits[(y + 1) * width + x + 1] = raster.bits[y * raster.width + x] }
        }
        offsets = [1, 1 - width, -width, -1 - width, -1, width - 1, width, width + 1]
    }

    func setIndices() -> [Int] {
        bits.indices.filter { bits[$0] != 0 }
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
        for y in 0..<raster.height {
            for x in 0..<raster.width { raster.bits[y * raster.width + x] = bits[(y + 1) * width + x + 1] }
        }
        return raster
    }
}

/// Properties of the 256 possible 8-neighbourhoods, computed once.
enum NeighbourhoodTable {
    static let neighbourCount: [Int] = (0..<256).map { $0.nonzeroBitCount }

    /// Yokoi's 8-connectivity number equals 1: deleting the centre keeps every connection.
    static let isSimple: [Bool] = (0..<256).map { connectivityNumber($0) == 1 }

    static func connectivityNumber(_ code: Int) -> Int {
        func empty(_ k: Int) -> Int { (code >> (k % 8)) & 1 == 0 ? 1 : 0 }
        return stride(from: 0, to: 8, by: 2).reduce(0) { sum, k in
            sum + empty(k) - empty(k) * empty(k + 1) * empty(k + 2)
        }
    }
}
