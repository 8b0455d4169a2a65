/// A rectangle of wavelet coefficients inside the image-sized coefficient plane.
struct WSQRegion: Sendable, Hashable {
    var x = 0
    var y = 0
    var width = 0
    var height = 0

    var area: Int { width * height }
}

/// Where the wavelet decomposition puts things for an image of a given size (WSQ specification
/// §A.1, Figures A.1–A.3, and NBIS `tree.c`): the 20 regions split by the transform, in the order
/// they are split, and the 64 subbands that are quantized, in the order they are coded.
struct WSQSubbandLayout: Sendable {
    /// A region the transform splits into four, with whether its rows or columns put the highpass half first.
    struct Split: Sendable {
        var region = WSQRegion()
        var highpassFirstInRows = false
        var highpassFirstInColumns = false
    }

    private(set) var splits = [Split](repeating: Split(), count: 20)
    private(set) var subbands = [WSQRegion](repeating: WSQRegion(), count: WSQParameters.tableSubbandCount)

    init(width: Int, height: Int) {
        for node in [2, 4, 7, 9, 11, 13, 16, 18] { splits[node].highpassFirstInRows = true }
        for node in [3, 5, 8, 9, 12, 13, 17, 18] { splits[node].highpassFirstInColumns = true }
        buildSplits(width: width, height: height)
        buildSubbands()
    }

    /// The two lengths an odd or even length is cut into; `largerFirst` decides which half gets the extra sample.
    private static func halves(_ length: Int, largerFirst: Bool) -> (Int, Int) {
        let small = length / 2, large = length - small
        return largerFirst ? (large, small) : (small, large)
    }

    /// Regions 0–19 (NBIS `build_w_tree`): the image, its four quarters, and the finer splits of the
    /// top-left quarter down to region 19, the lowpass band of the fourth level.
    private mutating func buildSplits(width: Int, height: Int) {
        splitIntoQuarters(0, children: 1, region: WSQRegion(x: 0, y: 0, width: width, height: height),
                          includeFourth: false)
        let (left, right) = Self.halves(splits[1].region.width, largerFirst: true)
        let (top, bottom) = Self.halves(splits[1].region.height, largerFirst: true)
        splitIntoQuarters(4, children: 6, region: WSQRegion(x: left, y: 0, width: right, height: top))
        splitIntoQuarters(5, children: 10, region: WSQRegion(x: 0, y: top, width: left, height: bottom))
        splitIntoQuarters(14, children: 15, region: WSQRegion(x: 0, y: 0, width: left, height: top))
        let level4 = splits[15].region
        splits[19].region = WSQRegion(x: 0, y: 0, width: Self.halves(level4.width, largerFirst: true).0,
                                      height: Self.halves(level4.height, largerFirst: true).0)
    }

    /// Sets region `node` and its quarters `children…children+3` (NBIS `w_tree4`). Regions 4 and 5 put
    /// the smaller half first along the direction in which their highpass band comes first.
    private mutating func splitIntoQuarters(_ node: Int, children: Int, region: WSQRegion, includeFourth: Bool = true) {
        splits[node].region = region
        let (left, right) = Self.halves(region.width, largerFirst: node != 4)
        let (top, bottom) = Self.halves(region.height, largerFirst: node != 5)
        splits[children].region = WSQRegion(x: region.x, y: region.y, width: left, height: top)
        splits[children + 1].region = WSQRegion(x: region.x + left, y: region.y, width: right, height: top)
        splits[children + 2].region = WSQRegion(x: region.x, y: region.y + top, width: left, height: bottom)
        if includeFourth {
            splits[children + 3].region = WSQRegion(x: region.x + left, y: region.y + top, width: right, height: bottom)
        }
    }

    /// Subbands 0–63 (NBIS `build_q_tree`). Later assignments overwrite earlier ones where the
    /// groups overlap, exactly as in the reference.
    private mutating func buildSubbands() {
        assignSixteen(from: 3, region: splits[14].region, smallerLeft: false, smallerTop: false)
        assignSixteen(from: 19, region: splits[4].region, smallerLeft: true, smallerTop: false)
        assignSixteen(from: 48, region: splits[0].region, smallerLeft: false, smallerTop: false)
        assignSixteen(from: 35, region: splits[5].region, smallerLeft: false, smallerTop: true)
        assignFour(from: 0, region: splits[19].region)
    }

    /// Four subbands from one split, larger halves first (NBIS `q_tree4`).
    private mutating func assignFour(from first: Int, region: WSQRegion) {
        let columns = Self.halves(region.width, largerFirst: true)
        let rows = Self.halves(region.height, largerFirst: true)
        assignQuad(from: first, x: region.x, y: region.y, columns: columns, rows: rows)
    }

    /// Sixteen subbands from two levels of splits (NBIS `q_tree16`): the first split puts the smaller
    /// half left or on top when asked (where that region's highpass band comes first); in the second,
    /// left and top quarters put their larger half first and right and bottom quarters their smaller half.
    private mutating func assignSixteen(from first: Int, region: WSQRegion,
                                        smallerLeft: Bool, smallerTop: Bool) {
        let (left, right) = Self.halves(region.width, largerFirst: !smallerLeft)
        let (top, bottom) = Self.halves(region.height, largerFirst: !smallerTop)
        let leftColumns = Self.halves(left, largerFirst: true), rightColumns = Self.halves(right, largerFirst: false)
        let topRows = Self.halves(top, largerFirst: true), bottomRows = Self.halves(bottom, largerFirst: false)
        assignQuad(from: first, x: region.x, y: region.y, columns: leftColumns, rows: topRows)
        assignQuad(from: first + 4, x: region.x + left, y: region.y, columns: rightColumns, rows: topRows)
        assignQuad(from: first + 8, x: region.x, y: region.y + top, columns: leftColumns, rows: bottomRows)
        assignQuad(from: first + 12, x: region.x + left, y: region.y + top, columns: rightColumns, rows: bottomRows)
    }

    private mutating func assignQuad(from first: Int, x: Int, y: Int, columns: (Int, Int), rows: (Int, Int)) {
        subbands[first] = WSQRegion(x: x, y: y, width: columns.0, height: rows.0)
        subbands[first + 1] = WSQRegion(x: x + columns.0, y: y, width: columns.1, height: rows.0)
        subbands[first + 2] = WSQRegion(x: x, y: y + rows.0, width: columns.0, height: rows.1)
        subbands[first + 3] = WSQRegion(x: x + columns.0, y: y + rows.0, width: columns.1, height: rows.1)
    }
}
