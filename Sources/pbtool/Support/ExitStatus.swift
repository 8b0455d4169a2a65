/// Every exit code pbtool returns, in one place (documented in docs/exit-codes.md).
///
/// Login scripts read these: keep the numbers stable and add new ones at the end.
enum ExitStatus: Int32, CaseIterable {
    /// The command did what was asked; a verification matched.
    case success = 0
    /// A negative answer, not a failure: no match, an APDU script assertion failed.
    case negative = 1
    /// Bad arguments or bad input: malformed hex, a script syntax error, an unreadable file.
    case usage = 2
    /// The card or its transport failed: pcscd unreachable, transmit error, card removed mid-command.
    case transport = 3
    /// The finger or key is blocked (retry counter at zero, SW 6983).
    case blocked = 4
    /// No reader, or the named reader does not exist.
    case noReader = 5
    /// The reader has no card.
    case noCard = 6
    /// Nothing happened within the timeout (no finger, no card, no event).
    case timeout = 7
    /// No fingerprint sensor, no access to it, or it failed or vanished mid-capture.
    case sensor = 8
    /// The template store failed: locked, corrupt, unsupported version, disk full.
    case store = 9
    /// Wrong passphrase, key file or admin key; access to a card object denied.
    case authentication = 10
    /// Stored data failed its integrity check (a tampered or swapped row).
    case integrity = 11
    /// The card is in the wrong life-cycle state or conditions of use are not satisfied.
    case cardState = 12
    /// The D-Bus system bus is unreachable, or another program owns the service's bus name.
    case bus = 13
    /// A bug in pbtool: please report it.
    case software = 70
    /// Interrupted by the user (Ctrl-C).
    case cancelled = 130
}
