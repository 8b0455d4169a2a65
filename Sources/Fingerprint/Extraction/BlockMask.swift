/// A binary map over blocks with the morphological clean-ups segmentation needs.
struct BlockMask: Sendable, Hashable {
    let columns: Int
    let rows: Int
    var flags: [Bool]

    subscript(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows && flags[row * columns + column]
    }

    /// Each block takes the majority value of the `(2·radius+1)²` blocks around it.
    func majorityVoted(radius: Int) -> BlockMask {
        var out = self
        for row in 0..<rows {
            for column in 0..<columns {
                var set = 0, total = 0
                for dy in -radius...radius {
                    for dx in -radius...radius {
                        let c = column + dx, r = row + dy
                        guard c >= 0, r >= 0, c < columns, r < rows else { continue }
                        total += 1
                        if flags[r * columns + c] { set += 1 }
                    }
                }
                out.flags[row * columns + column] = 2 * set > total
            }
        }
        return out
    }

    /// Drops 4-connected foreground islands smaller than `minimumShare` of the largest one.
    func keepingLargeIslands(minimumShare: Double) -> BlockMask {
        let (labels, sizes) = components(of: true)
        guard let largest = sizes.max(), largest > 0 else { return self }
        var out = self
        for index in flags.indices where flags[index] {
            if Double(sizes[labels[index]]) < minimumShare * Double(largest) { out.flags[index] = false }
        }
        return out
    }

    /// Turns background regions that do not reach the edge of the map into foreground.
    func holesFilled() -> BlockMask {
        let (labels, _) = components(of: false)
        var touchesEdge = Set<Int>()
        for row in 0..<rows {
            for column in 0..<columns where row == 0 || column == 0 || row == rows - 1 || column == columns - 1 {
                let index = row * columns + column
                if !flags[index] { touchesEdge.insert(labels[index]) }
            }
        }
        var out = self
        for index in flags.indices where !flags[index] && !touchesEdge.contains(labels[index]) {
            out.flags[index] = true
        }
        return out
    }

    /// 4-connected components of the blocks whose flag equals `value`: a label per block
    /// (meaningless for the other blocks) and the size of each label.
    private func components(of value: Bool) -> (labels: [Int], sizes: [Int]) {
        var labels = [Int](repeating: -1, count: flags.count)
        var sizes: [Int] = []
        var stack: [Int] = []
        for start in flags.indices where flags[start] == value && labels[start] < 0 {
            let label = sizes.count
            var size = 0
            labels[start] = label
            stack.append(start)
            while let index = stack.popLast() {
                size += 1
                let column = index % columns, row = index / columns
                for (c, r) in [(column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1)] {
                    guard c >= 0, r >= 0, c < columns, r < rows else { continue }
                    let neighbour = r * columns + c
                    if flags[neighbour] == value && labels[neighbour] < 0 {
                        labels[neighbour] = label
                        stack.append(neighbour)
                    }
                }
            }
            sizes.append(size)
        }
        return (labels, sizes)
    }

    /// Chamfer distance (3-4 weights) from every block to the nearest background block, where
    /// everything beyond the map counts as background; in pixels, 0 for background blocks.
    func distanceToBackground(blockSize: Int) -> FloatRaster {
        var distance = FloatRaster(width: columns, height: rows)
        let far = Float(3 * (columns + rows + 2))
        for index in flags.indices { distance.values[index] = flags[index] ? far : 0 }
        func value(_ c: Int, _ r: Int) -> Float {
            c >= 0 && r >= 0 && c < columns && r < rows ? distance[c, r] : 0
        }
        for r in 0..<rows {
            for c in 0..<columns where flags[r * columns + c] {
                distance[c, r] = min(distance[c, r], value(c - 1, r) + 3, value(c, r - 1) + 3,
                                     value(c - 1, r - 1) + 4, value(c + 1, r - 1) + 4)
            }
        }
        for r in (0..<rows).reversed() {
            for c in (0..<columns).reversed() where flags[r * columns + c] {
                distance[c, r] = min(distance[c, r], value(c + 1, r) + 3, value(c, r + 1) + 3,
                                     value(c + 1, r + 1) + 4, value(c - 1, r + 1) + 4)
            }
        }
        // A block next to the background is half a block from the edge, not one.
        let scale = Float(blockSize) / 3
        for index in distance.values.indices where flags[index] {
            distance.values[index] = max(distance.values[index] * scale - Float(blockSize) / 2, 0)
        }
        return distance
    }
}
