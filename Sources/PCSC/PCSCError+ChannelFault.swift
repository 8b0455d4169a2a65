import APDU

extension PCSCError: CardChannelError {
    /// The card-edge view of the code: a card pulled out, reset or held by another application,
    /// pcscd or the reader gone, a timeout or a cancellation; nil for the rest.
    public var channelFault: CardChannelFault? {
        switch self {
        case .removedCard, .noSmartCard: .cardRemoved
        case .resetCard: .cardReset
        case .sharingViolation: .cardBusy
        case .noService, .serviceStopped, .communicationError, .readerUnavailable, .unknownReader,
             .noReadersAvailable, .shutdown:
            .connectionLost
        case .timeout: .timedOut
        case .cancelled, .systemCancelled: .cancelled
        default: nil
        }
    }
}
