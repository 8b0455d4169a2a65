import Foundation

/// A template's minutiae as flat `Float` columns for the matcher's inner loops, plus an index
/// sorted by x so neighbours of a position are found without scanning every minutia.
struct MinutiaPoints: Sendable {
    let x: [Float]
    let y: [Float]
    /// Image-coordinate angles, `-π..<π`.
    let angle: [Float]
    /// Minutia indices in increasing x, and their x values.
    let byX: [Int32]
    let sortedX: [Float]

    init(_ minutiae: [MatchMinutia]) {
        x = minutiae.map { Float($0.x) }
        y = minutiae.map { Float($0.y) }
        angle = minutiae.map { Float($0.angle) }
        let order = minutiae.indices.sorted { minutiae[$0].x < minutiae[$1].x }
        byX = order.map { Int32($0) }
        sortedX = order.map { Float(minutiae[$0].x) }
    }

    var count: Int { x.count }

    /// The first position in ``byX`` whose x is at least `value`.
    func firstIndex(atLeast value: Float) -> Int {
        var low = 0, high = sortedX.count
        while low < high {
            let middle = (low + high) / 2
            if sortedX[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Fast approximations for the matcher's geometry, accurate to well under its tolerances.
enum FastAngle {
    static let pi: Float = .pi

    /// Angle wrapped to `-π..<π`; `angle` must lie within `-3π..<3π`.
    @inline(__always)
    static func wrapped(_ angle: Float) -> Float {
        var a = angle
        if a >= pi { a -= 2 * pi }
        if a < -pi { a += 2 * pi }
        if a >= pi { a -= 2 * pi }
        if a < -pi { a += 2 * pi }
        return a
    }

    /// `atan2(y, x)` within 0.004 rad (a minimax polynomial on one octant).
    @inline(__always)
    static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let largest = max(ax, ay)
        guard largest > 0 else { return 0 }
        let a = min(ax, ay) / largest
        let s = a * a
        var r = ((-0.046_496_475 * s + 0.159_314_22) * s - 0.327_622_76) * s * a + a
        if ay > ax { r = pi / 2 - r }
        if x < 0 { r = pi - r }
        return y < 0 ? -r : r
    }
}

/// A logistic function `1 / (1 + e^(−slope·(v − centre)))` sampled for `0...maximum`.
struct SigmoidTable: Sendable {
    let values: [Float]
    let stepsPerUnit: Float
    static let floor: Float = 1e-9

    init(centre: Double, slope: Double, maximum: Double, steps: Int = 512) {
        stepsPerUnit = Float(Double(steps) / maximum)
        values = (0...steps).map { step in
            let v = Double(step) * maximum / Double(steps)
            let value = Float(1 / (1 + Foundation.exp(-slope * (v - centre))))
            // The far tail reaches 1e-41: such subnormal values, and their products, cost the
            // processor a slow assist per arithmetic operation while adding nothing a Float sum
            // of the relaxation could show.
            return value < Self.floor ? 0 : value
        }
    }

    @inline(__always)
    func callAsFunction(_ value: Float) -> Float {
        values[min(Int(value * stepsPerUnit + 0.5), values.count - 1)]
    }
}
