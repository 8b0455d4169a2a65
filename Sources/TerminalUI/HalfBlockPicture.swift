import Imaging

/// A gray image drawn on a terminal: two pixels per character cell with the upper half block
/// "▀" (foreground = top pixel, background = bottom pixel), or an ASCII ramp without colour.
///
/// Pure: returns the lines to print, so tests can check them. Colour lines end with a reset.
public enum HalfBlockPicture {
    /// Characters from dark to light for ``ColorDepth/plain`` output: dark ridges come out dense.
    public static let asciiRamp: [Character] = Array("@%#*+=-:. ")

    /// The pixel size the image is scaled to for `columns` character cells: `columns` wide and
    /// tall in proportion (one cell is about twice as tall as wide, and holds two pixel rows).
    public static func scaledSize(width: Int, height: Int, columns: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, columns > 0 else { return (0, 0) }
        return (columns, max(1, Int((Double(height) * Double(columns) / Double(width)).rounded())))
    }

    /// The picture as `ceil(h / 2)` lines of `columns` cells, where `h` is the scaled height.
    public static func lines(_ image: GrayImage, columns: Int, depth: ColorDepth) -> [String] {
        let size = scaledSize(width: image.width, height: image.height, columns: columns)
        guard size.width > 0 else { return [] }
        let pixels = AreaScaler.scaled(image, width: size.width, height: size.height)
        return stride(from: 0, to: size.height, by: 2).map { top in
            let bottom = top + 1 < size.height ? top + 1 : nil
            let upper = pixels[(top * size.width)..<((top + 1) * size.width)]
            let lower = bottom.map { pixels[($0 * size.width)..<(($0 + 1) * size.width)] }
            return depth == .plain ? asciiLine(upper, lower) : colourLine(upper, lower, depth: depth)
        }
    }

    private static func asciiLine(_ upper: ArraySlice<UInt8>, _ lower: ArraySlice<UInt8>?) -> String {
        var line = ""
        for (offset, top) in upper.enumerated() {
            let bottom = lower.map { $0[$0.startIndex + offset] } ?? top
            let level = (Int(top) + Int(bottom)) / 2
            line.append(asciiRamp[level * asciiRamp.count / 256])
        }
        return line
    }

    private static func colourLine(_ upper: ArraySlice<UInt8>, _ lower: ArraySlice<UInt8>?, depth: ColorDepth) -> String {
        var line = ""
        var previous: (UInt8, UInt8?)?
        for (offset, top) in upper.enumerated() {
            let bottom = lower.map { $0[$0.startIndex + offset] }
            // Only repeat an escape when the colour changes: a 400-pixel-wide row stays short.
            if previous?.0 != top { line += ANSI.foreground(top, depth: depth) }
            if previous == nil || previous?.1 != bottom {
                line += bottom.map { ANSI.background($0, depth: depth) } ?? "\u{1B}[49m"
            }
            previous = (top, bottom)
            line += "▀"
        }
        return line + ANSI.reset
    }
}
