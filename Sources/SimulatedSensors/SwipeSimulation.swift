import Foundation
import Fingerprint
import Imaging
import FingerprintSynthesis
import Sensors

/// Cuts a fingerprint image into the strips a frame-based swipe sensor would deliver.
///
/// The finger's speed varies smoothly within a swipe, it drifts sideways a little, and every
/// strip carries a little sensor noise; everything follows from the seed. Strips are in sensor
/// polarity (ridges bright on a 0 background), like the AES2501's, so they go through the same
/// stitcher and normalisation as real frames.
public struct SwipeSimulation: Sendable {
    /// How the simulated person swipes.
    public enum Style: String, Sendable, Hashable, CaseIterable, Codable {
        /// A good swipe: 3–7 rows per strip, slight drift.
        case normal
        /// Faster than the sensor can follow: strips no longer overlap.
        case fast
        /// Only part of the finger crosses the sensor.
        case partial
        /// The finger drifts sideways steadily.
        case skewed
        /// A good swipe in the other direction.
        case reverse
        /// A good swipe, but the finger then rests on the sensor.
        case resting
    }

    /// Tuning values of the simulation.
    public struct Parameters: Sendable, Hashable {
        /// Rows per strip (the AES2501's 16).
        public var stripHeight = 16
        /// Rows the finger moves per strip in a good swipe, and in a too fast one.
        public var normalSpeed = 3...7
        public var fastSpeed = 18...26
        /// Chance per strip of a one-pixel sideways step, and the drift limit, in a good swipe.
        public var driftChance = 0.15
        public var driftLimit = 4
        /// Sideways pixels per strip of a skewed swipe.
        public var skewPerStrip = 2
        /// Fraction of the finger a partial swipe covers.
        public var partialCoverage = 0.30...0.45
        /// Sensor noise amplitude in grey levels.
        public var noise = 3
        /// Strips a resting finger produces before the sensor gives up.
        public var maximumStrips = 150
        /// A strip with fewer than one signal pixel in this many is empty.
        public var emptyFraction = 100

        public init() {}
    }

    /// The values in use.
    public let parameters: Parameters

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// The strips of one swipe over `image`, and whether the finger was lifted afterwards.
    ///
    /// Strips without ridges (the background around the finger) are dropped, as a real sensor's
    /// empty-strip rule drops them; a resting finger repeats the last strip up to the limit.
    public func frames(of image: GrayImage, style: Style, seed: UInt64) -> (frames: [SwipeFrame], fingerRemoved: Bool) {
        var random = SplitMix64(seed: seed)
        let positions = path(height: image.height, style: style, random: &random)
        var frames: [SwipeFrame] = []
        var lastPosition: (x: Int, y: Int)?
        for position in positions {
            let frame = strip(of: image, x: position.x, y: position.y, random: &random)
            guard !isEmpty(frame) else { continue }
            frames.append(frame)
            lastPosition = position
        }
        guard style == .resting, let last = lastPosition else { return (frames, true) }
        while frames.count < parameters.maximumStrips {
            frames.append(strip(of: image, x: last.x, y: last.y, random: &random))
        }
        return (frames, false)
    }

    /// Fewer than one pixel in `emptyFraction` at half scale or brighter (sensor polarity).
    func isEmpty(_ frame: SwipeFrame) -> Bool {
        let signal = frame.pixels.reduce(0) { $0 + ($1 >= 128 ? 1 : 0) }
        return signal * parameters.emptyFraction < frame.pixels.count
    }

    /// Top-left corners of the strips, in arrival order.
    func path(height: Int, style: Style, random: inout SplitMix64) -> [(x: Int, y: Int)] {
        let stripHeight = parameters.stripHeight
        var top = 0, bottom = max(0, height - stripHeight)
        if style == .partial {
            let covered = Int(Double(height) * Double.random(in: parameters.partialCoverage, using: &random))
            top = Int.random(in: 0...max(0, height - covered), using: &random)
            bottom = max(top, top + covered - stripHeight)
        }
        let speeds = style == .fast ? parameters.fastSpeed : parameters.normalSpeed
        let phase = Double.random(in: 0..<(2 * Double.pi), using: &random)
        let period = Double.random(in: 6...14, using: &random)
        var positions: [(x: Int, y: Int)] = []
        var travelled = 0, x = 0, index = 0
        while travelled <= bottom - top {
            positions.append((x, style == .reverse ? bottom - travelled : top + travelled))
            travelled += speed(in: speeds, step: index, phase: phase, period: period, random: &random)
            x = drift(x, style: style, random: &random)
            index += 1
        }
        return positions
    }

    /// Speed varies along a sine within the range, with a little jitter.
    private func speed(in range: ClosedRange<Int>, step: Int, phase: Double, period: Double,
                       random: inout SplitMix64) -> Int {
        let middle = Double(range.lowerBound + range.upperBound) / 2
        let amplitude = Double(range.upperBound - range.lowerBound) / 2
        let wave = middle + amplitude * sin(phase + 2 * Double.pi * Double(step) / period)
        let jittered = wave + Double.random(in: -0.5...0.5, using: &random)
        return min(range.upperBound, max(range.lowerBound, Int(jittered.rounded())))
    }

    private func drift(_ x: Int, style: Style, random: inout SplitMix64) -> Int {
        if style == .skewed { return x + parameters.skewPerStrip }
        guard Double.random(in: 0..<1, using: &random) < parameters.driftChance else { return x }
        let step = Bool.random(using: &random) ? 1 : -1
        return min(parameters.driftLimit, max(-parameters.driftLimit, x + step))
    }

    /// One strip at (x, y), inverted to sensor polarity, with noise; outside the image is 0.
    private func strip(of image: GrayImage, x: Int, y: Int, random: inout SplitMix64) -> SwipeFrame {
        let width = image.width, height = parameters.stripHeight
        var pixels = [UInt8](repeating: 0, count: width * height)
        let levels = 2 * parameters.noise + 1
        let firstColumn = max(0, -x), lastColumn = min(width, width - x)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<height where y + row >= 0 && y + row < image.height {
                    let sourceRow = (y + row) * width + x, targetRow = row * width
                    var bits: UInt64 = 0
                    for column in firstColumn..<max(firstColumn, lastColumn) {
                        // One random byte per pixel, eight to a draw, scaled to ±noise.
                        if (column - firstColumn) & 7 == 0 { bits = random.next() }
                        let jitter = Int((bits & 0xff) &* UInt64(levels) >> 8) - parameters.noise
                        bits >>= 8
                        target[targetRow + column] = UInt8(clamping: 255 - Int(source[sourceRow + column]) + jitter)
                    }
                }
            }
        }
        return SwipeFrame(width: width, height: height, pixels: pixels)
    }
}
