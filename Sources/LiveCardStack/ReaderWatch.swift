import PCSC

/// Waits on pcscd for a reader to reach a state.
public enum ReaderWatch {
    /// Returns once pcscd reports a card in `reader` (`present`) or none; throws after `timeout`.
    public static func waitForCard(in reader: String, present: Bool, timeout: Duration) throws {
        let context = try PCSCContext()
        var states = [ReaderState(reader: reader)]
        let deadline = ContinuousClock.now + timeout
        while true {
            try context.waitForStatusChange(&states, timeout: .milliseconds(200))
            if states[0].isCardPresent == present && !states[0].flags.contains(.mute) { return }
            guard ContinuousClock.now < deadline else {
                throw LiveStackError("pcscd did not report \(reader) \(present ? "with" : "without") a card "
                                     + "within \(timeout) (state: \(states[0].flags))")
            }
        }
    }
}
