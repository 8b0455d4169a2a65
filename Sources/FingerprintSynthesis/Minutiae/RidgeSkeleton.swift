/// A one-pixel-wide skeleton of a binary ridge pattern (Zhang & Suen, CACM 27(3), 1984).
///
/// Pixels are 1 on a skeleton line, 0 elsewhere; the outermost rows and columns are always 0.
struct RidgeSkeleton {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    /// The 8 neighbours clockwise from north: P2 … P9 in Zhang–Suen's numbering.
    static let neighbourOffsets: [(dx: Int, dy: Int)] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]

    /// Thins `ridges` (non-zero = ridge), `width` × `height`.
    init(ridges: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = ridges.map { $0 != 0 ? 1 : 0 }
        for x in 0..<width {
            pixels[x] = 0
            pixels[(height - 1) * width + x] = 0
        }
        for y in 0..<height {
            pixels[y * width] = 0
            pixels[y * width + width - 1] = 0
        }
        var changed = true
        while changed {
            changed = thinningPass(firstSubIteration: true)
            changed = thinningPass(firstSubIteration: false) || changed
        }
    }

    func isSet(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && pixels[y * width + x] != 0
    }

    /// The crossing number (Rutovitz): half the number of 0↔1 changes around the pixel; 1 at an
    /// ending, 2 on a line, 3 at a bifurcation.
    func crossingNumber(_ x: Int, _ y: Int) -> Int {
        var changes = 0
        for index in 0..<8 {
            let a = Self.neighbourOffsets[index], b = Self.neighbourOffsets[(index + 1) % 8]
            if isSet(x + a.dx, y + a.dy) != isSet(x + b.dx, y + b.dy) { changes += 1 }
        }
        return changes / 2
    }

    private mutating func thinningPass(firstSubIteration: Bool) -> Bool {
        var removals = [Int]()
        pixels.withUnsafeBufferPointer { p in
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) where p[y &* width &+ x] != 0 {
                    let i = y &* width &+ x
                    let n = [p[i &- width], p[i &- width &+ 1], p[i &+ 1], p[i &+ width &+ 1],
                             p[i &+ width], p[i &+ width &- 1], p[i &- 1], p[i &- width &- 1]]
                    let count = n.reduce(0) { $0 &+ Int($1) }
                    guard count >= 2 && count <= 6 else { continue }
                    var transitions = 0
                    for k in 0..<8 where n[k] == 0 && n[(k &+ 1) & 7] == 1 { transitions &+= 1 }
                    guard transitions == 1 else { continue }
                    let (p2, p4, p6, p8) = (n[0], n[2], n[4], n[6])
                    let remove = firstSubIteration
                        ? p2 & p4 & p6 == 0 && p4 & p6 & p8 == 0
                        : p2 & p4 & p8 == 0 && p2 & p6 & p8 == 0
                    if remove { removals.append(i) }
                }
            }
        }
        for index in removals { pixels[index] = 0 }
        return !removals.isEmpty
    }
}
