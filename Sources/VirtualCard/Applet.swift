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

    /// Takes back state written by `encodeState()`; throws to refuse it (the error's description
    /// is shown to the user with the state file's path).
    func restoreState(_ bytes: [UInt8]) throws
}

extension Applet {
    /// Answers with the FCI `6F { 84 AID }` and `9000`.
    public func select(_ command: CommandAPDU) -> ResponseAPDU {
        ResponseAPDU(data: FileControlInformation.minimal(aid: aid), statusWord: .success)
    }

    /// Does nothing.
    public func deselect() {}

    /// Does nothing.
    public func reset() {}

    /// No persistent state.
    public func encodeState() -> [UInt8]? { nil }

    /// Accepts and ignores any state.
    public func restoreState(_ bytes: [UInt8]) throws {}
}
