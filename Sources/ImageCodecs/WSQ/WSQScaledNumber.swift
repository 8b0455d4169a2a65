/// A real number as WSQ tables store it: an integer and a decimal exponent, value = integer × 10^−scale
/// (WSQ specification §B.2: the "scale" byte before each 16- or 32-bit value).
///
/// The arithmetic copies NBIS's single-precision steps so that the numbers read back, and the
/// numbers written, equal the reference implementation's bit for bit.
struct WSQScaledNumber: Sendable, Hashable {
    var scale: UInt8
    var integer: UInt32

    /// The value, divided by ten `scale` times in double precision and rounded to float after each step
    /// (NBIS `getc_quantization_table` and friends).
    var floatValue: Float {
        var value = Float(integer)
        for _ in 0..<scale { value = Float(Double(value) / 10.0) }
        return value
    }

    /// A 16-bit scaled number with as many digits as fit below 65 535 (NBIS `putc_quantization_table`,
    /// `putc_frame_header_wsq`); zero is stored as 0 × 10⁰. Returns nil when `value` is 65 535 or more.
    static func sixteenBit(_ value: Float) -> WSQScaledNumber? {
        guard value != 0 else { return WSQScaledNumber(scale: 0, integer: 0) }
        guard value > 0, value < 65_535 else { return nil }
        var scaled = value
        var scale = 0
        while scaled < 65_535 {
            scale += 1
            scaled *= 10
        }
        return WSQScaledNumber(scale: UInt8(scale - 1), integer: UInt32(roundHalfUp(Double(scaled) / 10.0)))
    }

    /// A 32-bit scaled number for a filter coefficient (NBIS `putc_transform_table`); the magnitude only,
    /// the sign travels in its own byte. Returns nil for magnitudes of 2³² − 1 or more.
    static func thirtyTwoBit(magnitude: Float) -> WSQScaledNumber? {
        guard magnitude != 0 else { return WSQScaledNumber(scale: 0, integer: 0) }
        guard magnitude > 0, Double(magnitude) < 4_294_967_295.0 else { return nil }
        var scaled = magnitude
        var scale = 0
        while Double(scaled) < 4_294_967_295.0 {
            scale += 1
            scaled = Float(Double(scaled) * 10.0)
        }
        return WSQScaledNumber(scale: UInt8(scale - 1), integer: UInt32(roundHalfUp(Double(scaled) / 10.0)))
    }

    /// `x + 0.5` truncated, as NBIS's `sround` does for the positive values it sees.
    private static func roundHalfUp(_ value: Double) -> Double {
        (value + 0.5).rounded(.towardZero)
    }
}
