import Synchronization

/// How many card connections this process holds. The service can hold two at once (a
/// verification holding the card while another client lists its fingers, which needs no
/// claim), and a connection that resets the card as it closes resets it under the other too:
/// pcsc-lite then fails that one's next command with SCARD_W_RESET_CARD. So only the last
/// connection to close resets the card.
enum OpenCardConnections {
    private static let count = Mutex(0)

    /// Counts a connection about to be made: counted before it exists, so that a connection
    /// closing meanwhile does not reset the card under it.
    static func opening() {
        count.withLock { $0 += 1 }
    }

    /// Counts a connection not made after all.
    static func notOpened() {
        count.withLock { $0 -= 1 }
    }

    /// Closes a connection with `close(reset)`, `reset` true when it is the last one open and
    /// should reset the card; no other connection opens or closes meanwhile.
    static func closing(_ close: (_ reset: Bool) -> Void) {
        count.withLock {
            $0 -= 1
            close($0 == 0)
        }
    }
}
