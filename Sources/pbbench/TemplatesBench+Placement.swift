import Fingerprint
import Foundation

extension TemplatesBench {
    /// Where the vendor puts the minutiae pbtool also finds on the same resized image: each of
    /// pbtool's minutiae is paired with the nearest vendor minutia within `reach` pixels and
    /// `turn` radians; the offset is measured along and across pbtool's direction (positive
    /// along: the vendor's lies ahead, the way ``Minutia/direction`` points).
    enum PlacementComparison {
        static let reach = 12.0
        static let turn = Double.pi / 6

        static func record(_ report: BenchReport, _ sets: [SetTemplates]) {
            report.note(String(format: "vendor minutiae against pbtool's on the same image (paired within %.0f px and %.0f°), mean ± sd:",
                               reach, turn * 180 / .pi))
            for set in sets {
                var offsets = Offsets()
                var vendorPaired = 0
                for (own, record) in zip(set.ownMinutiae, set.records) {
                    var paired = Set<Int>()
                    for minutia in own {
                        guard let index = nearest(to: minutia, in: record.minutiae) else { continue }
                        offsets.add(minutia, record.minutiae[index])
                        paired.insert(index)
                    }
                    vendorPaired += paired.count
                }
                let ownCount = set.ownMinutiae.map(\.count).reduce(0, +), vendorCount = set.records.map(\.minutiae.count).reduce(0, +)
                report.note(String(format: "  %@  %4.0f %% of pbtool's paired, %4.0f %% of the vendor's; along %+.1f ± %.1f px, across %+.1f ± %.1f px, direction %+.1f ± %.1f°, same type %.0f %%",
                                   set.name, 100 * Double(offsets.along.count) / Double(max(ownCount, 1)),
                                   100 * Double(vendorPaired) / Double(max(vendorCount, 1)),
                                   offsets.along.mean, offsets.along.deviation, offsets.across.mean, offsets.across.deviation,
                                   offsets.turn.mean * 180 / .pi, offsets.turn.deviation * 180 / .pi, offsets.sameKind.mean * 100))
            }
        }

        /// The index of the vendor minutia nearest to `minutia` within reach and turn, if any.
        static func nearest(to minutia: Minutia, in vendor: [Minutia]) -> Int? {
            let distance = { (index: Int) in hypot(vendor[index].x - minutia.x, vendor[index].y - minutia.y) }
            return vendor.indices.filter { distance($0) <= reach
                && abs(remainder(vendor[$0].direction - minutia.direction, 2 * .pi)) <= turn }
                .min { distance($0) < distance($1) }
        }

        /// Running means and deviations of the paired offsets.
        struct Offsets {
            var along = Moments(), across = Moments(), turn = Moments(), sameKind = Moments()

            mutating func add(_ own: Minutia, _ vendor: Minutia) {
                // Directions are counter-clockwise on the image, y down (ISO/IEC 19794-2:2005 §6.4.1).
                let dx = vendor.x - own.x, dy = vendor.y - own.y
                along.add(dx * cos(own.direction) - dy * sin(own.direction))
                across.add(dx * sin(own.direction) + dy * cos(own.direction))
                turn.add(remainder(vendor.direction - own.direction, 2 * .pi))
                sameKind.add(vendor.kind == own.kind ? 1 : 0)
            }
        }

        struct Moments {
            private(set) var count = 0
            private var sum = 0.0, squares = 0.0
            mutating func add(_ value: Double) { count += 1; sum += value; squares += value * value }
            var mean: Double { count == 0 ? 0 : sum / Double(count) }
            var deviation: Double { count == 0 ? 0 : max(squares / Double(count) - mean * mean, 0).squareRoot() }
        }
    }
}
