import APDU

/// A program on the virtual card, chosen by SELECT with its AID (`00 A4 04 00 Lc AID`).
///
/// The card calls an applet only while holding its own lock, so applets need no locking.
/// Adding an applet is one file with a type conforming to this protocol, plus its line in
/// `AppletCatalog.all`.
public protocol Applet: AnyObject {
    /// The application identifier SELECT names (5 to 16 bytes, ISO 7816-4 §8.2.1.2).
    var aid: [UInt8] { get }

    /// Answers a SELECT that picked this applet; by default the FCI `6F { 84 AID }` and `9000`.
    func select(_ command: CommandAPDU) -> ResponseAPDU

    /// Answers any other command while selected. Data longer than the command's Ne is handed out
    /// by the card through `61XX` and GET RESPONSE, as a T=0 card does.
    func process(_ command: CommandAPDU) -> ResponseAPDU

    /// Another applet was selected: drop what only made sense while selected.
    func deselect()

    /// The card was reset or powered off: drop session state (security status, half-done work).
    func reset()

    /// The state that must survive a restart of the card (counters, enrolled data), or nil for none.
    func encodeState() -> [UInt8]?

    /// Takes back state written by `encodeState()`; throw a `String`-described error to refuse it.
    func restoreState(_ bytes: [UInt8]) throws
}

extension Applet {
    public func select(_ command: CommandAPDU) -> ResponseAPDU {
        ResponseAPDU(data: FileControlInformation.minimal(aid: aid), statusWord: .success)
    }

    public func deselect() {}

    public func reset() {}

    public func encodeState() -> [UInt8]? { nil }

    public func restoreState(_ bytes: [UInt8]) throws {}
}

/// FCI templates (tag `6F`, ISO 7816-4 §7.4.1) for SELECT answers.
public enum FileControlInformation {
    /// `6F L { 84 L AID }`, plus `extra` data objects inside the template.
    public static func minimal(aid: [UInt8], extra: [UInt8] = []) -> [UInt8] {
        let name = [0x84, UInt8(aid.count)] + aid
        let body = name + extra
        return [0x6F] + berLength(body.count) + body
    }

    /// A BER-TLV length field (one byte up to 127, `81 XX` up to 255, `82 XX XX` beyond).
    static func berLength(_ count: Int) -> [UInt8] {
        switch count {
        case ..<0x80: [UInt8(count)]
        case ..<0x100: [0x81, UInt8(count)]
        default: [0x82, UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        }
    }
}
