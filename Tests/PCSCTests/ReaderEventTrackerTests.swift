@testable import PCSC
import Testing

@Suite struct ReaderEventTrackerTests {
    private func state(_ reader: String, _ eventState: UInt, atr: [UInt8] = [0x3B, 0x80]) -> ReaderState {
        var state = ReaderState(reader: reader)
        state.update(eventState: eventState, atr: atr)
        return state
    }

    @Test func reportsReadersComingAndGoing() {
        var tracker = ReaderEventTracker()
        #expect(tracker.readersListed(["A", "B"]) == [.readerAdded(reader: "A"), .readerAdded(reader: "B")])
        #expect(tracker.readersListed(["B", "C"]) == [.readerRemoved(reader: "A"), .readerAdded(reader: "C")])
        #expect(tracker.readers == ["B", "C"])
    }

    @Test func reportsInsertionAndRemoval() {
        var tracker = ReaderEventTracker()
        _ = tracker.readersListed(["A"])
        #expect(tracker.stateChanged(state("A", 0x0000_0012)).isEmpty)
        #expect(tracker.stateChanged(state("A", 0x0001_0022)) == [.cardInserted(reader: "A", atr: [0x3B, 0x80])])
        #expect(tracker.stateChanged(state("A", 0x0001_0122)).isEmpty)
        #expect(tracker.stateChanged(state("A", 0x0002_0012)) == [.cardRemoved(reader: "A")])
    }

    @Test func reportsASwapBetweenTwoWaitsFromTheEventCounter() {
        var tracker = ReaderEventTracker()
        _ = tracker.readersListed(["A"])
        _ = tracker.stateChanged(state("A", 0x0001_0022))
        #expect(tracker.stateChanged(state("A", 0x0003_0022, atr: [0x3B, 0x81]))
                == [.cardRemoved(reader: "A"), .cardInserted(reader: "A", atr: [0x3B, 0x81])])
    }

    @Test func aReaderUnpluggedWithACardReportsTheCardFirst() {
        var tracker = ReaderEventTracker()
        _ = tracker.readersListed(["A"])
        _ = tracker.stateChanged(state("A", 0x0001_0022))
        #expect(tracker.removeAll() == [.cardRemoved(reader: "A"), .readerRemoved(reader: "A")])
        #expect(tracker.readers.isEmpty)
    }

    @Test func ignoresStatesOfReadersItDoesNotKnow() {
        var tracker = ReaderEventTracker()
        #expect(tracker.stateChanged(state("Z", 0x0001_0022)).isEmpty)
    }

    @Test func namesEventsForScripts() {
        #expect(ReaderEvent.cardInserted(reader: "R", atr: [0x3B, 0x02]).name == "PB_CARD_INSERTED")
        #expect(ReaderEvent.cardRemoved(reader: "R").name == "PB_CARD_REMOVED")
        #expect(ReaderEvent.cardInserted(reader: "R", atr: [0x3B, 0x02]).description == "PB_CARD_INSERTED R ATR 3B02")
    }
}
