/// A place in a script: file, 1-based line and 1-based column (counted in characters).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible, Encodable {
    /// The script's path as it was given (or as an `include` resolved it).
    public let file: String
    /// 1-based line number.
    public let line: Int
    /// 1-based column, counted in Unicode scalars (characters, for the ASCII scripts are written
    /// in; a tab counts as one).
    public let column: Int

    /// A location from its parts.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and CI logs link to.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// The text of one script file, indexed by line so byte offsets turn into locations.
struct SourceText {
    let path: String
    let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    let lineStarts: [Int]

    init(path: String, text: String) {
        self.path = path
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The 0-based line index holding byte `offset`.
    func lineIndex(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The location of byte `offset`, its column counted in Unicode scalars.
    func location(of offset: Int) -> SourceLocation {
        let index = lineIndex(of: offset)
        let start = lineStarts[index]
        let clamped = min(max(offset, start), bytes.count)
        var column = 1
        // Every UTF-8 byte but a continuation byte (10xxxxxx) starts a scalar.
        for position in start..<clamped where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: path, line: index + 1, column: column)
    }

    /// Line `number` (1-based) without its line break.
    func lineText(_ number: Int) -> String {
        guard number >= 1, number <= lineStarts.count else { return "" }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
