/// The escape sequences pbtool writes (ECMA-48 SGR; 256-colour and 24-bit extensions as xterm
/// implements them).
enum ANSI {
    static let reset = "\u{1B}[0m"
    static let clearToEndOfLine = "\u{1B}[K"

    static func foreground(_ level: UInt8, depth: ColorDepth) -> String {
        switch depth {
        case .trueColor: "\u{1B}[38;2;\(level);\(level);\(level)m"
        case .gray256: "\u{1B}[38;5;\(paletteIndex(gray: level))m"
        case .plain: ""
        }
    }

    static func background(_ level: UInt8, depth: ColorDepth) -> String {
        switch depth {
        case .trueColor: "\u{1B}[48;2;\(level);\(level);\(level)m"
        case .gray256: "\u{1B}[48;5;\(paletteIndex(gray: level))m"
        case .plain: ""
        }
    }

    static func foreground(red: UInt8, green: UInt8, blue: UInt8, depth: ColorDepth) -> String {
        switch depth {
        case .trueColor: "\u{1B}[38;2;\(red);\(green);\(blue)m"
        case .gray256: "\u{1B}[38;5;\(paletteIndex(red: red, green: green, blue: blue))m"
        case .plain: ""
        }
    }

    /// The nearest palette entry to a gray: black (16), the ramp 232–255 (levels 8, 18, …, 238) or
    /// white (231).
    static func paletteIndex(gray level: UInt8) -> Int {
        let value = Int(level)
        if value < 4 { return 16 }
        if value > 246 { return 231 }
        return 232 + min(23, max(0, (value - 8 + 5) / 10))
    }

    /// The nearest entry of the 6 × 6 × 6 colour cube (16–231).
    static func paletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        func step(_ value: UInt8) -> Int { value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
        return 16 + 36 * step(red) + 6 * step(green) + step(blue)
    }
}
