extension VectorDrawing {
    /// The drawing as a standalone SVG 1.1 document (sans-serif text, white background).
    public var svg: String {
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                     + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
                     "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>"]
        parts += marks.map(Self.element)
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private static func element(_ mark: Mark) -> String {
        switch mark {
        case let .line(from, to, colour, width):
            return "<line x1=\"\(Int(from.x))\" y1=\"\(Int(from.y))\" x2=\"\(Int(to.x))\" y2=\"\(Int(to.y))\" "
                + "stroke=\"\(colour.hex)\"\(strokeWidth(width))/>"
        case let .polyline(points, colour, width):
            let list = points.map { "\(oneDecimal($0.x)),\(oneDecimal($0.y))" }.joined(separator: " ")
            return "<polyline fill=\"none\" stroke=\"\(colour.hex)\"\(strokeWidth(width)) points=\"\(list)\"/>"
        case let .frame(origin, width, height, colour):
            return "<rect x=\"\(Int(origin.x))\" y=\"\(Int(origin.y))\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                + "fill=\"none\" stroke=\"\(colour.hex)\"/>"
        case let .text(text, at, anchor, size, vertical):
            let anchorText = anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\""
            let sizeText = size == 12 ? "" : " font-size=\"\(Int(size))\""
            let place = vertical ? "transform=\"translate(\(Int(at.x)) \(Int(at.y))) rotate(-90)\""
                                 : "x=\"\(Int(at.x))\" y=\"\(Int(at.y))\""
            return "<text \(place)\(anchorText)\(sizeText)>\(escaped(text))</text>"
        }
    }

    private static func strokeWidth(_ width: Double) -> String {
        width == 1 ? "" : " stroke-width=\"\(width == width.rounded() ? String(Int(width)) : String(width))\""
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
