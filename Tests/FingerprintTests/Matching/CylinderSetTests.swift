import Foundation
import Testing
@testable import Fingerprint

/// The cylinders the matcher builds, bit for bit against MCC's formula evaluated directly: every
/// cell against every neighbour (Cappelli, Ferrara & Maltoni 2010, eqs. 2–7).
@Suite struct CylinderSetTests {
    @Test func syntheticImpressionWithForegroundMatchesTheDirectFormula() {
        let features = SyntheticPrints.whorlFirst.features
        #expect(features.foreground != nil)
        Self.expectDirectFormula(PreparedTemplate(features))
    }

    @Test(arguments: [UInt64(3), 9, 14])
    func randomMinutiaeWithoutForegroundMatchTheDirectFormula(seed: UInt64) {
        Self.expectDirectFormula(PreparedTemplate(minutiae: MinutiaeSets.random(seed: seed, count: 45), dpi: 500, foreground: nil))
    }

    @Test func aLoneMinutiaHasNoValidCylinder() {
        let lone = PreparedTemplate(minutiae: [Minutia(x: 100, y: 100, direction: 1, kind: .ending, quality: 50)],
                                    dpi: 500, foreground: nil)
        #expect(lone.cylinders.isValid == [false])
        #expect(lone.cylinders.words.allSatisfy { $0 == 0 })
    }

    static func expectDirectFormula(_ template: PreparedTemplate, parameters: MatchingParameters = MatchingParameters()) {
        let set = template.cylinders
        let layout = CylinderLayout(parameters: parameters)
        #expect(set.minutiae.count > 10)
        for centre in set.minutiae.indices {
            let (expected, valid) = direct(centre, set.minutiae, template.foreground, layout, parameters)
            let actual = Array(set.words[(centre * layout.stride)..<(centre * layout.stride + layout.planeOffset)])
            #expect(actual == expected, "cylinder \(centre)")
            #expect(set.isValid[centre] == valid, "cylinder \(centre)")
            expectCountPlanes(Array(set.words[(centre * layout.stride)..<((centre + 1) * layout.stride)]), layout)
        }
        #expect(set.isValid.contains(true))
    }

    /// Value and validity grids of one cylinder, and whether it is valid.
    static func direct(_ centre: Int, _ minutiae: [MatchMinutia], _ foreground: ForegroundDistance?,
                       _ layout: CylinderLayout, _ parameters: MatchingParameters) -> ([UInt64], Bool) {
        var words = [UInt64](repeating: 0, count: layout.planeOffset)
        let m = minutiae[centre], reach = 3 * parameters.spatialSigma
        let neighbours = minutiae.indices.filter {
            $0 != centre && hypot(minutiae[$0].x - m.x, minutiae[$0].y - m.y) <= parameters.radius + reach
        }
        guard neighbours.count >= parameters.minimumNeighbours else { return (words, false) }
        let gaussianScale = 1 / (parameters.spatialSigma * (2 * Double.pi).squareRoot())
        var validCells = 0
        for (cell, u, v) in layout.insideGrid {
            let x = m.x + u * cos(m.angle) - v * sin(m.angle), y = m.y + u * sin(m.angle) + v * cos(m.angle)
            guard foreground?.isInside(x: x, y: y, inset: parameters.foregroundInset) ?? true else { continue }
            validCells += 1
            words[layout.valueWords + cell / 64] |= 1 << UInt64(cell % 64)
            var sums = [Double](repeating: 0, count: layout.layers)
            for t in neighbours.map({ minutiae[$0] }) {
                let distanceSquared = (t.x - x) * (t.x - x) + (t.y - y) * (t.y - y)
                guard distanceSquared <= reach * reach else { continue }
                let spatial = gaussianScale * exp(-distanceSquared / (2 * parameters.spatialSigma * parameters.spatialSigma))
                let step = layout.tableStep(CylinderLayout.wrapped(m.angle - t.angle))
                for layer in 0..<layout.layers {
                    sums[layer] += spatial * layout.directional[layer * CylinderLayout.tableSize + step]
                }
            }
            for layer in 0..<layout.layers where sums[layer] > parameters.contributionThreshold {
                words[layer * layout.cellWords + cell / 64] |= 1 << UInt64(cell % 64)
            }
        }
        return (words, Double(validCells) >= parameters.minimumValidCells * Double(layout.insideCells))
    }

    /// Each cell's count planes hold the number of layers whose bit is set there.
    static func expectCountPlanes(_ cylinder: [UInt64], _ layout: CylinderLayout) {
        func bit(_ grid: Int, _ cell: Int) -> Int { Int(cylinder[grid * layout.cellWords + cell / 64] >> UInt64(cell % 64) & 1) }
        for cell in 0..<(layout.cells * layout.cells) {
            let count = (0..<layout.layers).reduce(0) { $0 + bit($1, cell) }
            let planes = (0..<layout.planes).reduce(0) { $0 + (bit(layout.layers + 1 + $1, cell) << $1) }
            #expect(planes == count, "cell \(cell)")
        }
    }
}
