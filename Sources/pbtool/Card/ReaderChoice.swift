import PCSC

/// The reader a command talks to: the one named with `--reader`, or the first with a card.
struct ReaderChoice: Encodable {
    /// How the reader was picked.
    enum Reason: String, Encodable {
        /// Named on the command line.
        case named
        /// No `--reader`: the first reader pcscd lists that holds a card.
        case firstWithCard
    }

    let name: String
    let reason: Reason

    /// `the first reader with a card` / `as asked`, for text output.
    var explanation: String { reason == .named ? "as asked" : "the first reader with a card" }

    /// Picks the reader: `requested` must match a reader exactly, or be a unique case-insensitive
    /// part of one name (`--reader "00 01"`); without it, the first reader with a card.
    ///
    /// Throws `CommandFailure` with `.noReader` when no reader matches or none exists, and with
    /// `.noCard` when no reader holds a card. A command that changes the card for good (`changing`,
    /// e.g. "card init") refuses to guess between two cards: `.usage`, listing them.
    static func choose(_ requested: String?, context: PCSCContext, changing: String? = nil) throws -> ReaderChoice {
        let readers = try context.readers()
        guard !readers.isEmpty else { throw CommandFailure(.noReader, "no smart-card reader found (pcscd lists none)") }
        if let requested {
            return ReaderChoice(name: try match(requested, in: readers), reason: .named)
        }
        var states = readers.map { ReaderState(reader: $0) }
        try context.waitForStatusChange(&states, timeout: .zero)
        let withCards = states.filter(\.isCardPresent).map(\.reader)
        guard let first = withCards.first else {
            throw CommandFailure(.noCard, "no card in any reader (\(listed(readers)))")
        }
        if let changing, withCards.count > 1 {
            throw CommandFailure(.usage, "\(withCards.count) readers hold a card and \(changing) changes the card for good: "
                                 + "name one with --reader (\(listed(withCards)))")
        }
        return ReaderChoice(name: first, reason: .firstWithCard)
    }

    private static func match(_ requested: String, in readers: [String]) throws -> String {
        if readers.contains(requested) { return requested }
        let candidates = readers.filter { $0.localizedCaseInsensitiveContains(requested) }
        guard candidates.count == 1 else {
            let problem = candidates.isEmpty ? "no reader named" : "more than one reader matches"
            throw CommandFailure(.noReader, "\(problem) \"\(requested)\" (\(listed(readers)))")
        }
        return candidates[0]
    }

    private static func listed(_ readers: [String]) -> String {
        "readers: " + readers.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
