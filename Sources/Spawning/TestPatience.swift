/// How long a test waits for an event before it calls the wait a hang.
///
/// Tests wait for events (a process ends, a line is printed, pcscd reports a card), never for a
/// time a fast machine needs: on a loaded 2-core CI machine everything is slower, and a budget
/// of "surely 10 seconds is enough" failed there. This limit only turns a real hang into a
/// failure with a message; nothing a working system does comes near it.
public enum TestPatience {
    /// Five minutes.
    public static let limit: Duration = .seconds(300)

    /// `duration` in seconds, for APIs that take a `TimeInterval`.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

extension TestPatience {
    /// Returns once `condition` holds, looking every 20 ms: for states no event announces (a
    /// thread count, a file). Throws when it still does not hold after ``limit``.
    public static func until(_ what: String, _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw LiveStackError("waited \(limit) for \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
