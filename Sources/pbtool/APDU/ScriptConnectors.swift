import APDU
import APDUScript
import PCSC
import VirtualCard

/// Cards for `apdu run` through pcscd: one connection per reader, kept for the whole run. Every
/// card operation (connecting, each exchange, a reset) ends within the run's limit; pauses
/// (`sleep`) are not card operations and are not bounded.
final class PCSCScriptConnector: CardConnector {
    private let limit: Duration
    private var context: PCSCContext?
    private var channels: [String: PCSCCard] = [:]

    init(limit: Duration) {
        self.limit = limit
    }

    /// The reader named (exactly, or a unique part of its name) or the first with a card.
    func channel(reader: String?) throws -> any CardChannel {
        let context = try self.context
            ?? PCSCContext(establishingBefore: PCSCDeadline(after: limit, awaiting: "pcscd"))
        self.context = context
        return try context.withDeadline(limit, awaiting: "a connection to \(reader.map { "\"\($0)\"" } ?? "the first reader with a card")") {
            let choice = try ReaderChoice.choose(reader, context: context)
            if let open = channels[choice.name] { return open }
            let card = try context.connect(to: choice.name)
            card.operationLimit = limit
            channels[choice.name] = card
            return card
        }
    }

    func describe(_ error: any Error) -> String { ErrorReport(error).message }
}

/// The in-process virtual card for `apdu run --emulate`: the applets of `pbtool card emulate`,
/// no pcscd, one card for the whole run.
final class EmulatedScriptConnector: CardConnector {
    private var channel: VirtualCardChannel?

    func channel(reader: String?) throws -> any CardChannel {
        if let channel { return channel }
        let fresh = VirtualCardChannel(card: try VirtualCard(applets: AppletCatalog.all()))
        channel = fresh
        return fresh
    }

    func describe(_ error: any Error) -> String { ErrorReport(error).message }
}
