/// A picture made of lines and text on a white page, in page units (SVG user units): what a plot
/// is, before it becomes SVG text (``svg``) or pixels (``rasterised(scale:)``).
public struct VectorDrawing: Sendable {
    /// A point on the page; y grows downwards.
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// An sRGB colour.
    public struct Colour: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The colour written 0xRRGGBB.
        public init(rgb: Int) {
            self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                      blue: UInt8(truncatingIfNeeded: rgb))
        }

        public static let black = Colour(red: 0, green: 0, blue: 0)
        public static let white = Colour(red: 255, green: 255, blue: 255)
        /// The light gray of grid lines (#ddd).
        public static let grid = Colour(red: 0xDD, green: 0xDD, blue: 0xDD)

        /// "#1f77b4".
        public var hex: String {
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// Where a text's anchor point is: its start, middle or end.
    public enum Anchor: String, Sendable {
        case start, middle, end
    }

    /// One thing drawn.
    public enum Mark: Sendable {
        /// A straight stroke.
        case line(from: Point, to: Point, colour: Colour, width: Double)
        /// Connected strokes through `points`.
        case polyline([Point], colour: Colour, width: Double)
        /// An unfilled rectangle.
        case frame(origin: Point, width: Double, height: Double, colour: Colour)
        /// Text whose baseline passes through `at`; `vertical` turns it to read upwards.
        case text(String, at: Point, anchor: Anchor, size: Double, vertical: Bool)
    }

    /// The page's size.
    public let width: Double
    public let height: Double
    /// Everything drawn, back to front.
    public var marks: [Mark] = []

    /// An empty white page.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
