import Foundation

/// A rotation and translation taking one card template's points onto the other's.
struct CardAlignment {
    var rotation: Double
    var dx: Double
    var dy: Double

    /// The alignment turning by `rotation` (radians) that takes point `from` to point `to`.
    init(rotation: Double, from: (x: Double, y: Double), to: (x: Double, y: Double)) {
        self.rotation = rotation
        let c = cos(rotation), s = sin(rotation)
        dx = to.x - (c * from.x - s * from.y)
        dy = to.y - (s * from.x + c * from.y)
    }

    /// The least-squares alignment of the paired points, or nil when they do not determine one.
    init?(fitting pairing: CardPairing, _ a: CardPoints, _ b: CardPoints) {
        var ax = 0.0, ay = 0.0, bx = 0.0, by = 0.0, n = 0.0
        for i in 0..<a.count where pairing.mateOfA[i] >= 0 {
            let j = pairing.mateOfA[i]
            ax += Double(a.x[i]); ay += Double(a.y[i]); bx += Double(b.x[j]); by += Double(b.y[j]); n += 1
        }
        guard n >= 2 else { return nil }
        ax /= n; ay /= n; bx /= n; by /= n
        var dot = 0.0, cross = 0.0
        for i in 0..<a.count where pairing.mateOfA[i] >= 0 {
            let j = pairing.mateOfA[i]
            let u = Double(a.x[i]) - ax, v = Double(a.y[i]) - ay, p = Double(b.x[j]) - bx, q = Double(b.y[j]) - by
            dot += u * p + v * q
            cross += u * q - v * p
        }
        guard dot != 0 || cross != 0 else { return nil }
        self.init(rotation: atan2(cross, dot), from: (ax, ay), to: (bx, by))
    }

    /// `a`'s points moved by this alignment, with their distance from point `anchor`.
    func moved(_ a: CardPoints, anchor: Int) -> CardPoints.Moved {
        let c = cos(rotation), s = sin(rotation)
        let turn = Int32((rotation / (2 * .pi) * 256).rounded())
        var moved = CardPoints.Moved()
        for i in 0..<a.count {
            let x = Double(a.x[i]), y = Double(a.y[i])
            moved.x[i] = Int32((c * x - s * y + dx).rounded())
            moved.y[i] = Int32((s * x + c * y + dy).rounded())
            moved.angle[i] = (a.angle[i] + turn) & 255
            let u = x - Double(a.x[anchor]), v = y - Double(a.y[anchor])
            moved.reach[i] = Int32((u * u + v * v).squareRoot())
        }
        return moved
    }
}

/// Which minutia of each template is paired with which, in fixed storage.
struct CardPairing {
    var mateOfA = [Int](repeating: -1, count: 60)
    var mateOfB = [Int](repeating: -1, count: 60)
    var count = 0

    mutating func add(_ i: Int, _ j: Int) {
        mateOfA[i] = j
        mateOfB[j] = i
        count += 1
    }
}
