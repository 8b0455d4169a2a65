import PCSC

extension PCSCError {
    /// The exit status a script sees for this error (docs/exit-codes.md).
    var exitStatus: ExitStatus {
        switch self {
        case .unknownReader, .noReadersAvailable, .readerUnavailable: .noReader
        case .noSmartCard: .noCard
        case .timeout: .timeout
        case .cancelled, .systemCancelled: .cancelled
        default: .transport
        }
    }

    /// What a user reads: the cause in words, then pcsc-lite's own name for it.
    var userMessage: String {
        switch self {
        case .noService, .serviceStopped:
            "pcscd is not running (start it with `pcscd`, or `systemctl start pcscd`) [\(description)]"
        case .communicationError:
            "lost the connection to pcscd (did it stop?) [\(description)]"
        case .removedCard:
            "the card was removed during the command [\(description)]"
        case .resetCard:
            "another application reset the card during the command [\(description)]"
        case .sharingViolation:
            "another application holds the card exclusively [\(description)]"
        case .noSmartCard:
            "the reader has no card [\(description)]"
        case .unknownReader:
            "pcscd does not know that reader [\(description)]"
        default:
            description
        }
    }
}
