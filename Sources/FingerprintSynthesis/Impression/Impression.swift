import Fingerprint
import Imaging

/// One synthetic touch of a finger: the picture and its ground truth.
public struct Impression: Sendable {
    /// The picture, at the parameters' size and resolution.
    public let image: GrayImage
    /// The master's minutiae mapped into this image, keeping those inside the contact (with a margin
    /// of one ridge period) and inside the image.
    public let minutiae: [Minutia]
    /// The master's cores and deltas mapped into this image (some may lie outside it).
    public let singularPoints: [SingularPoint]
    /// Placement, distortion, contact and pressure this impression was made with.
    public let conditions: ImpressionConditions
    /// The finger's class.
    public let fingerClass: FingerprintClass
}

extension MasterFingerprint {
    /// An impression under conditions drawn from `seed` (the same seed gives the same image).
    public func impression(seed: UInt64, parameters: SynthesisParameters) -> Impression {
        var generator = Xoshiro256(seed: seed, path: 3)
        return impression(conditions: .random(for: self, parameters: parameters, using: &generator),
                          parameters: parameters)
    }

    /// An impression under the given conditions.
    public func impression(conditions: ImpressionConditions, parameters: SynthesisParameters) -> Impression {
        let image = ImpressionRenderer(master: self, conditions: conditions, parameters: parameters).render()
        return Impression(image: image, minutiae: mappedMinutiae(conditions, parameters: parameters),
                          singularPoints: singularPoints.map { point in
                              let mapped = conditions.transform.forward(x: point.x, y: point.y)
                              return SingularPoint(kind: point.kind, x: mapped.x, y: mapped.y)
                          },
                          conditions: conditions, fingerClass: fingerClass)
    }

    private func mappedMinutiae(_ conditions: ImpressionConditions, parameters: SynthesisParameters) -> [Minutia] {
        let margin = periods.meanPeriod
        let width = Double(parameters.width), height = Double(parameters.height)
        return minutiae.compactMap { minutia in
            // Inside the contact at least one period from its faded edge.
            guard conditions.contact.weight(x: minutia.x, y: minutia.y) >= 0.999,
                  conditions.contact.weight(x: minutia.x + margin, y: minutia.y) >= 0.5,
                  conditions.contact.weight(x: minutia.x - margin, y: minutia.y) >= 0.5,
                  conditions.contact.weight(x: minutia.x, y: minutia.y + margin) >= 0.5,
                  conditions.contact.weight(x: minutia.x, y: minutia.y - margin) >= 0.5 else { return nil }
            let point = conditions.transform.forward(x: minutia.x, y: minutia.y)
            guard point.x >= margin / 2, point.y >= margin / 2, point.x < width - margin / 2,
                  point.y < height - margin / 2 else { return nil }
            let direction = conditions.transform.forward(direction: minutia.direction, atX: minutia.x, y: minutia.y)
            return Minutia(x: point.x, y: point.y, direction: direction, kind: minutia.kind, quality: minutia.quality)
        }
    }
}
