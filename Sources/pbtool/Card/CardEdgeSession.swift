import APDU
import PCSC
import SmartCard

/// One connection to the card for a card-edge command: the reader, a shared connection, and a
/// transport whose trace hides keys, templates and IDStore data.
///
/// The commands that use it are synchronous `ParsableCommand`s: pcsc-lite calls block anyway,
/// and Swift 6.3.1's -O coroutine splitting crashed (signal 11) on these bodies as `async run()`.
struct CardEdgeSession {
    let reader: ReaderChoice
    let transport: CardTransport
    private let card: PCSCCard

    /// Connects (shared mode) to the reader `options` names, or to the first with a card — unless
    /// the command `changing` ("card init") would change the card for good and more than one
    /// reader holds a card. Every PC/SC call of the session ends by the options' `--timeout`,
    /// waiting for another application's exclusive hold included.
    init(_ options: CardEdgeOptions, changing: String? = nil) throws {
        let context = try PCSCContext(deadline: options.deadline())
        reader = try ReaderChoice.choose(options.reader, context: context, changing: changing)
        // An exclusive holder is waited for until --timeout, as pcscd makes a transaction holder.
        card = try context.connectWaitingForExclusiveHolder(to: reader.name)
        transport = CardTransport(channel: card, redaction: .cardEdgeSecrets, recordsTrace: false)
    }

    /// Runs `body` in one PC/SC transaction (no other application's APDUs in between) and then
    /// disconnects with `ending`.
    ///
    /// `.leave` keeps the card powered and its security state (verified fingers) in place for the
    /// next command; `.reset` drops it, which management commands use so that the admin key's
    /// authentication never outlives them. The disconnect happens on failure too.
    /// `ending` is read once `body` has ended, so `body` may decide it.
    func run<Result>(ending: @autoclosure () -> Disposition, _ body: (CardTransport) throws -> Result) throws -> Result {
        let result: Result
        do {
            result = try card.withTransaction(ending: .leave) { _ in try body(transport) }
        } catch {
            try? card.disconnect(ending())
            throw error
        }
        try card.disconnect(ending())
        return result
    }
}
