/// Turns successive reader lists and reader states into events; no I/O, so tests drive it directly.
struct ReaderEventTracker {
    private struct Seen {
        var hasCard: Bool
        var eventCount: Int?
    }

    private var seen: [String: Seen] = [:]
    private var order: [String] = []

    /// The readers currently known, in the order they were first listed.
    var readers: [String] { order }

    /// Takes a fresh reader list: readers not seen before are added (card state unknown until
    /// their first state arrives), readers gone are removed.
    mutating func readersListed(_ readers: [String]) -> [ReaderEvent] {
        var events: [ReaderEvent] = []
        for gone in order where !readers.contains(gone) {
            if seen[gone]?.hasCard == true { events.append(.cardRemoved(reader: gone)) }
            events.append(.readerRemoved(reader: gone))
            seen[gone] = nil
        }
        order.removeAll { !readers.contains($0) }
        for reader in readers where seen[reader] == nil {
            seen[reader] = Seen(hasCard: false, eventCount: nil)
            order.append(reader)
            events.append(.readerAdded(reader: reader))
        }
        return events
    }

    /// Takes a reader's state after a wait and says what happened to its card.
    ///
    /// A removal and an insertion between two waits leave the card present but move pcsc-lite's
    /// event counter by two or more: that is reported as removed, then inserted.
    mutating func stateChanged(_ state: ReaderState) -> [ReaderEvent] {
        guard var previous = seen[state.reader] else { return [] }
        let hasCard = state.isCardPresent && !state.flags.contains(.unknown)
        var events: [ReaderEvent] = []
        switch (previous.hasCard, hasCard) {
        case (false, true):
            events = [.cardInserted(reader: state.reader, atr: state.atr)]
        case (true, false):
            events = [.cardRemoved(reader: state.reader)]
        case (true, true):
            if let count = previous.eventCount, state.eventCount - count >= 2 {
                events = [.cardRemoved(reader: state.reader), .cardInserted(reader: state.reader, atr: state.atr)]
            }
        case (false, false):
            break
        }
        previous.hasCard = hasCard
        previous.eventCount = state.eventCount
        seen[state.reader] = previous
        return events
    }

    /// Forgets every reader (pcscd went away) and reports them removed.
    mutating func removeAll() -> [ReaderEvent] {
        readersListed([])
    }
}
