import APDU

/// Something that happened to the readers: pcsc-lite's view of plugging and card insertion.
public enum ReaderEvent: Sendable, Equatable, CustomStringConvertible {
    /// A reader appeared (or was there when watching began, if the initial state was asked for).
    case readerAdded(reader: String)
    /// A reader went away, or pcscd stopped.
    case readerRemoved(reader: String)
    /// A card was put into `reader` (PB_CARD_INSERTED), with its ATR.
    case cardInserted(reader: String, atr: [UInt8])
    /// The card was taken out of `reader` (PB_CARD_REMOVED).
    case cardRemoved(reader: String)

    /// The reader the event is about.
    public var reader: String {
        switch self {
        case .readerAdded(let reader), .readerRemoved(let reader), .cardRemoved(let reader): reader
        case .cardInserted(let reader, _): reader
        }
    }

    /// A stable name for scripts: `PB_READER_ADDED`, `PB_READER_REMOVED`, `PB_CARD_INSERTED`,
    /// `PB_CARD_REMOVED`.
    public var name: String {
        switch self {
        case .readerAdded: "PB_READER_ADDED"
        case .readerRemoved: "PB_READER_REMOVED"
        case .cardInserted: "PB_CARD_INSERTED"
        case .cardRemoved: "PB_CARD_REMOVED"
        }
    }

    public var description: String {
        switch self {
        case .cardInserted(let reader, let atr):
            "\(name) \(reader) ATR \(atr.hexString(separator: ""))"
        default:
            "\(name) \(reader)"
        }
    }
}
