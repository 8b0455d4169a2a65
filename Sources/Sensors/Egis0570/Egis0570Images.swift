import Fingerprint

/// The five 114 × 57 images of one Egis 0570 read, cut to their middle 17 rows (the strips
/// libfprint assembles), and the rule that says which show a finger.
struct Egis0570Images {
    static let width = 114
    static let height = 57
    static let count = 5
    /// Rows kept from the middle of each image.
    static let stripHeight = 17
    static var firstRow: Int { (height - stripHeight) / 2 }

    /// The strips, in order.
    let strips: [SwipeFrame]

    /// Cuts the strips out of one image read, or says why the read is not one.
    static func decode(_ read: [UInt8]) -> Result<Egis0570Images, StripProblem> {
        guard read.count >= count * width * height else {
            return .failure(StripProblem("an image read of \(read.count) bytes, expected \(Egis0570Commands.imageLength)"))
        }
        let strips = (0..<count).map { image in
            let start = image * width * height + firstRow * width
            return SwipeFrame(width: width, height: stripHeight, pixels: Array(read[start..<(start + width * stripHeight)]))
        }
        return .success(Egis0570Images(strips: strips))
    }

    /// The background: each pixel's lowest value over the strips (taken from a read without
    /// a finger, the first of a session).
    var background: [UInt8] {
        strips.dropFirst().reduce(strips[0].pixels) { lowest, strip in zip(lowest, strip.pixels).map { min($0, $1) } }
    }

    /// The strips that show a finger, in order, up to the first that does not, with the
    /// background removed; `ended` is true when a strip without a finger was met.
    ///
    /// A pixel keeps its value above the background where it exceeds the background by more
    /// than `margin`, and is 0 elsewhere; a strip shows a finger when its mean is above
    /// `minimumMean` (libfprint's egis0570 rule).
    func fingerStrips(background: [UInt8], margin: Int, minimumMean: Int) -> (strips: [SwipeFrame], ended: Bool) {
        var kept: [SwipeFrame] = []
        for strip in strips {
            let cleaned = zip(strip.pixels, background).map { value, floor in
                Int(value) - margin > Int(floor) ? value - floor : 0
            }
            guard cleaned.reduce(0, { $0 + Int($1) }) / cleaned.count > minimumMean else { return (kept, true) }
            kept.append(SwipeFrame(width: strip.width, height: strip.height, pixels: cleaned))
        }
        return (kept, false)
    }
}
