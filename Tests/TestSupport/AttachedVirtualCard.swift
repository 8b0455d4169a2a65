import Foundation
import PCSC
import VirtualCard

/// A virtual card running in the test process, attached to pcscd through a vpcd port, and
/// confirmed present by pcscd before `attach` returns.
public final class AttachedVirtualCard: @unchecked Sendable {
    /// The card.
    public let card: VirtualCard
    /// Its connection to vpcd.
    public let attachment: VPCDAttachment
    /// The reader pcscd shows it in.
    public let reader: String

    private init(card: VirtualCard, attachment: VPCDAttachment, reader: String) {
        self.card = card
        self.attachment = attachment
        self.reader = reader
    }

    /// Attaches `card` on `port` and waits until pcscd reports it present (`timeout` only turns
    /// a hang into a failure).
    public static func attach(_ card: VirtualCard, port: UInt16 = 35963,
                              timeout: Duration = TestPatience.limit) throws -> AttachedVirtualCard {
        guard let reader = PCSCDaemon.vpcdReaders[port] else { throw LiveStackError("no vpcd reader on port \(port)") }
        let attachment = VPCDAttachment(card: card, parameters: .init(port: port))
        attachment.start()
        let attached = AttachedVirtualCard(card: card, attachment: attachment, reader: reader)
        guard attachment.waitUntilAttached(timeout: timeout) else {
            attachment.stop()
            throw LiveStackError("the virtual card could not connect to vpcd on port \(port) within \(timeout)")
        }
        do {
            try ReaderWatch.waitForCard(in: reader, present: true, timeout: timeout)
        } catch {
            attachment.stop()
            throw error
        }
        return attached
    }

    /// A card with the catalog's applets (or `applets`), attached on `port`.
    public static func attach(applets: [any Applet] = AppletCatalog.all(), atr: [UInt8] = VirtualCard.defaultATR,
                              stateFile: URL? = nil, port: UInt16 = 35963) throws -> AttachedVirtualCard {
        try attach(VirtualCard(atr: atr, applets: applets, stateFile: stateFile), port: port)
    }

    /// Detaches the card and waits until pcscd reports the reader empty.
    public func detach(timeout: Duration = TestPatience.limit) throws {
        attachment.stop()
        try ReaderWatch.waitForCard(in: reader, present: false, timeout: timeout)
    }
}
