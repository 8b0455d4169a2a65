import PCSC
import Spawning

/// Waits on pcscd for a reader to reach a state.
public enum ReaderWatch {
    /// Returns once pcscd reports a card in `reader` (`present`) or none.
    ///
    /// Blocks in `SCardGetStatusChange` until pcscd reports a change: an event, however long a
    /// loaded machine takes to deliver it. `unless` is asked after each change and each second
    /// (the emulator died, say); `timeout` only turns a hang into a failure.
    public static func waitForCard(in reader: String, present: Bool, timeout: Duration = TestPatience.limit,
                                   unless givingUp: () -> Bool = { false }) throws {
        let context = try PCSCContext()
        var states = [ReaderState(reader: reader)]
        let deadline = ContinuousClock.now + timeout
        while true {
            _ = try context.waitForStatusChange(&states, timeout: .seconds(1))
            if states[0].isCardPresent == present && !states[0].flags.contains(.mute) { return }
            guard ContinuousClock.now < deadline, !givingUp() else {
                throw LiveStackError("pcscd did not report \(reader) \(present ? "with" : "without") a card "
                                     + "(waited \(timeout); state: \(states[0].flags))")
            }
        }
    }
}
