/// The skin's plastic distortion during one touch, after Cappelli, Maio & Maltoni (2001): no
/// displacement in the close-contact region, a smooth displacement that grows toward the edge of
/// the contact, made of a drag in one direction plus a random smooth field. Master pixels.
public struct ElasticDistortion: Sendable {
    /// Centre and semi-axes of the undistorted close-contact region, master pixels.
    public var centerX: Double
    public var centerY: Double
    public var radiusX: Double
    public var radiusY: Double
    /// Displacement reached at the edge of the contact, pixels.
    public var dragX: Double
    public var dragY: Double
    /// Amplitude of the random part at the edge of the contact, pixels.
    public var amplitude: Double
    let fieldX: SmoothNoise
    let fieldY: SmoothNoise

    init(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double, dragX: Double, dragY: Double,
         amplitude: Double, wavelength: Double, using generator: inout Xoshiro256) {
        self.centerX = centerX
        self.centerY = centerY
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.dragX = dragX
        self.dragY = dragY
        self.amplitude = amplitude
        fieldX = SmoothNoise(waveCount: 4, wavelengths: wavelength...(2 * wavelength), using: &generator)
        fieldY = SmoothNoise(waveCount: 4, wavelengths: wavelength...(2 * wavelength), using: &generator)
    }

    /// No distortion at all.
    public static var none: ElasticDistortion {
        var generator = Xoshiro256(seed: 0)
        return ElasticDistortion(centerX: 0, centerY: 0, radiusX: 1, radiusY: 1, dragX: 0, dragY: 0, amplitude: 0,
                                 wavelength: 100, using: &generator)
    }

    /// The displacement of a master point.
    public func displacement(x: Double, y: Double) -> (dx: Double, dy: Double) {
        let dx = (x - centerX) / radiusX, dy = (y - centerY) / radiusY
        let radius = (dx * dx + dy * dy).squareRoot()
        // The "brake" grows from 0 inside the close-contact ellipse to 1 at twice its radius.
        let t = min(max(radius - 1, 0), 1)
        let brake = t * t * (3 - 2 * t)
        guard brake > 0 else { return (0, 0) }
        return (brake * (dragX + amplitude * fieldX.value(x: x, y: y)),
                brake * (dragY + amplitude * fieldY.value(x: x, y: y)))
    }
}
