import SmartCard

extension CardEdgeError {
    /// The exit status a script sees (docs/exit-codes.md).
    var exitStatus: ExitStatus {
        switch self {
        case .blocked, .wrongKey(_, 0): .blocked
        case .wrongKey, .securityStatusNotSatisfied: .authentication
        case .wrongState, .notEnrolled, .edgeNotFound, .unsupported, .unsupportedFormat: .cardState
        case .invalidData, .invalidInput: .usage
        case .unexpectedStatus, .malformedResponse, .cardRemoved, .cardReset, .cardBusy, .connectionLost: .transport
        case .timedOut: .timeout
        case .cancelled: .cancelled
        }
    }
}

extension IDStoreError {
    /// The exit status a script sees (docs/exit-codes.md).
    var exitStatus: ExitStatus {
        switch self {
        case .accessDenied: .authentication
        case .noSuchContainer, .emptyContainer, .noSuchEntry, .tooLarge, .emptyData, .invalidName: .usage
        case .full, .directoryFull, .damagedDirectory: .cardState
        }
    }
}
