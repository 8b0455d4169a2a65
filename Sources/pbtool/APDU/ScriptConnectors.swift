import APDU
import APDUScript
import PCSC
import VirtualCard

/// Cards for `apdu run` through pcscd: one connection per reader, kept for the whole run.
final class PCSCScriptConnector: CardConnector {
    private let watch: CardOperationWatch
    private var context: PCSCContext?
    private var channels: [String: WatchedChannel] = [:]

    init(watch: CardOperationWatch) {
        self.watch = watch
    }

    /// The reader named (exactly, or a unique part of its name) or the first with a card.
    func channel(reader: String?) throws -> any CardChannel {
        try watch.guarded("connecting to \(reader.map { "\"\($0)\"" } ?? "the first reader with a card")") {
            let context = try self.context ?? watch.openingSockets { try PCSCContext() }
            self.context = context
            let choice = try ReaderChoice.choose(reader, context: context)
            if let open = channels[choice.name] { return open }
            let channel = WatchedChannel(try context.connect(to: choice.name), watch: watch)
            channels[choice.name] = channel
            return channel
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

/// A PC/SC card whose every operation is watched for the run's timeout.
final class WatchedChannel: ResettableCardChannel {
    private let card: PCSCCard
    private let watch: CardOperationWatch

    init(_ card: PCSCCard, watch: CardOperationWatch) {
        self.card = card
        self.watch = watch
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        try watch.guarded("waiting for the answer to \(command.prefix(4).hexString())…") { try card.transmit(command) }
    }

    func answerToReset() throws -> [UInt8] {
        try watch.guarded("reading the ATR") { try card.answerToReset() }
    }

    func reset(cold: Bool) throws -> [UInt8] {
        try watch.guarded("resetting the card") { try card.reset(cold: cold) }
    }
}
