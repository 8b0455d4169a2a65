/// The `NIST_COM` comment NBIS writes into every WSQ file: newline-separated `NAME value` lines,
/// the first being `NIST_COM <number of lines>` (NBIS `nistcom.h`; ANSI/NIST-ITL 1 image attributes).
struct NISTComment: Sendable {
    static let header = "NIST_COM"

    /// The fields after the header line, in file order.
    var fields: [(name: String, value: String)]

    init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// The attributes NBIS records for a gray WSQ image, in NBIS's order.
    init(width: Int, height: Int, ppi: Int?, bitRate: Float) {
        fields = [
            ("PIX_WIDTH", String(width)), ("PIX_HEIGHT", String(height)), ("PIX_DEPTH", "8"),
            ("PPI", String(ppi ?? -1)), ("LOSSY", "1"), ("COLORSPACE", "GRAY"), ("COMPRESSION", "WSQ"),
            ("WSQ_BITRATE", Self.sixDecimals(Double(bitRate))),
        ]
    }

    /// Parses `text` if it is a NIST_COM comment.
    init?(parsing text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let first = lines.first, first.hasPrefix(Self.header) else { return nil }
        lines.removeFirst()
        fields = lines.map { line in
            guard let space = line.firstIndex(of: " ") else { return (line, "") }
            return (String(line[..<space]), String(line[line.index(after: space)...]))
        }
    }

    func value(of name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Scanning resolution in pixels per inch, when recorded and known (NBIS writes −1 for unknown).
    var ppi: Int? {
        value(of: "PPI").flatMap { Int($0.trimmingSpaces) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The bit rate the encoder aimed at, when recorded and positive.
    var bitRate: Double? {
        value(of: "WSQ_BITRATE").flatMap { Double($0.trimmingSpaces) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The comment text: the header line counts itself among the lines.
    var text: String {
        ([("\(Self.header)", String(fields.count + 1))] + fields)
            .map { "\($0.0) \($0.1)" }
            .joined(separator: "\n")
    }

    /// `value` with six decimals, as C's `%f` prints it.
    static func sixDecimals(_ value: Double) -> String {
        let millionths = Int((value * 1_000_000).rounded())
        let fraction = String(millionths % 1_000_000)
        return "\(millionths / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" && $0 != "\r" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
