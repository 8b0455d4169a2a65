/// The two-byte markers that delimit a WSQ file's segments (WSQ specification §B.1, Table B.1).
enum WSQMarker: UInt16, Sendable, CaseIterable {
    case startOfImage = 0xFFA0
    case endOfImage = 0xFFA1
    case startOfFrame = 0xFFA2
    case startOfBlock = 0xFFA3
    case transformTable = 0xFFA4
    case quantizationTable = 0xFFA5
    case huffmanTable = 0xFFA6
    case restartInterval = 0xFFA7
    case comment = 0xFFA8

    /// The specification's three-letter name (`SOI`, `DHT`, …).
    var abbreviation: String {
        switch self {
        case .startOfImage: "SOI"
        case .endOfImage: "EOI"
        case .startOfFrame: "SOF"
        case .startOfBlock: "SOB"
        case .transformTable: "DTT"
        case .quantizationTable: "DQT"
        case .huffmanTable: "DHT"
        case .restartInterval: "DRT"
        case .comment: "COM"
        }
    }

    /// Whether the marker starts a table or comment segment, which may precede the frame and each block.
    var isTableOrComment: Bool {
        switch self {
        case .transformTable, .quantizationTable, .huffmanTable, .comment: true
        default: false
        }
    }
}

/// One marker segment as found in a file, for `pbtool image info`.
public struct WSQSegment: Sendable, Hashable {
    /// The specification's name of the marker: `SOI`, `COM`, `DTT`, `DQT`, `SOF`, `DHT`, `SOB` or `EOI`.
    public let marker: String
    /// Byte offset of the marker's `FF` byte.
    public let offset: Int
    /// Bytes from the marker to the next marker, including the marker and any entropy-coded data.
    public let length: Int
}
