internal import CPCSCLite

/// Every code pcsc-lite 1.9's `pcsclite.h` defines, by a readable name (the C name in the summary).
extension PCSCError {
    /// `SCARD_F_INTERNAL_ERROR` (`0x80100001`).
    public static let internalError = PCSCError(status: SCARD_F_INTERNAL_ERROR, function: "")
    /// `SCARD_E_CANCELLED` (`0x80100002`).
    public static let cancelled = PCSCError(status: SCARD_E_CANCELLED, function: "")
    /// `SCARD_E_INVALID_HANDLE` (`0x80100003`).
    public static let invalidHandle = PCSCError(status: SCARD_E_INVALID_HANDLE, function: "")
    /// `SCARD_E_INVALID_PARAMETER` (`0x80100004`).
    public static let invalidParameter = PCSCError(status: SCARD_E_INVALID_PARAMETER, function: "")
    /// `SCARD_E_INVALID_TARGET` (`0x80100005`).
    public static let invalidTarget = PCSCError(status: SCARD_E_INVALID_TARGET, function: "")
    /// `SCARD_E_NO_MEMORY` (`0x80100006`).
    public static let noMemory = PCSCError(status: SCARD_E_NO_MEMORY, function: "")
    /// `SCARD_F_WAITED_TOO_LONG` (`0x80100007`).
    public static let waitedTooLong = PCSCError(status: SCARD_F_WAITED_TOO_LONG, function: "")
    /// `SCARD_E_INSUFFICIENT_BUFFER` (`0x80100008`).
    public static let insufficientBuffer = PCSCError(status: SCARD_E_INSUFFICIENT_BUFFER, function: "")
    /// `SCARD_E_UNKNOWN_READER` (`0x80100009`).
    public static let unknownReader = PCSCError(status: SCARD_E_UNKNOWN_READER, function: "")
    /// `SCARD_E_TIMEOUT` (`0x8010000A`).
    public static let timeout = PCSCError(status: SCARD_E_TIMEOUT, function: "")
    /// `SCARD_E_SHARING_VIOLATION` (`0x8010000B`).
    public static let sharingViolation = PCSCError(status: SCARD_E_SHARING_VIOLATION, function: "")
    /// `SCARD_E_NO_SMARTCARD` (`0x8010000C`).
    public static let noSmartCard = PCSCError(status: SCARD_E_NO_SMARTCARD, function: "")
    /// `SCARD_E_UNKNOWN_CARD` (`0x8010000D`).
    public static let unknownCard = PCSCError(status: SCARD_E_UNKNOWN_CARD, function: "")
    /// `SCARD_E_CANT_DISPOSE` (`0x8010000E`).
    public static let cannotDispose = PCSCError(status: SCARD_E_CANT_DISPOSE, function: "")
    /// `SCARD_E_PROTO_MISMATCH` (`0x8010000F`).
    public static let protocolMismatch = PCSCError(status: SCARD_E_PROTO_MISMATCH, function: "")
    /// `SCARD_E_NOT_READY` (`0x80100010`).
    public static let notReady = PCSCError(status: SCARD_E_NOT_READY, function: "")
    /// `SCARD_E_INVALID_VALUE` (`0x80100011`).
    public static let invalidValue = PCSCError(status: SCARD_E_INVALID_VALUE, function: "")
    /// `SCARD_E_SYSTEM_CANCELLED` (`0x80100012`).
    public static let systemCancelled = PCSCError(status: SCARD_E_SYSTEM_CANCELLED, function: "")
    /// `SCARD_F_COMM_ERROR` (`0x80100013`).
    public static let communicationError = PCSCError(status: SCARD_F_COMM_ERROR, function: "")
    /// `SCARD_F_UNKNOWN_ERROR` (`0x80100014`).
    public static let unknownError = PCSCError(status: SCARD_F_UNKNOWN_ERROR, function: "")
    /// `SCARD_E_INVALID_ATR` (`0x80100015`).
    public static let invalidATR = PCSCError(status: SCARD_E_INVALID_ATR, function: "")
    /// `SCARD_E_NOT_TRANSACTED` (`0x80100016`).
    public static let notTransacted = PCSCError(status: SCARD_E_NOT_TRANSACTED, function: "")
    /// `SCARD_E_READER_UNAVAILABLE` (`0x80100017`).
    public static let readerUnavailable = PCSCError(status: SCARD_E_READER_UNAVAILABLE, function: "")
    /// `SCARD_P_SHUTDOWN` (`0x80100018`).
    public static let shutdown = PCSCError(status: SCARD_P_SHUTDOWN, function: "")
    /// `SCARD_E_PCI_TOO_SMALL` (`0x80100019`).
    public static let pciTooSmall = PCSCError(status: SCARD_E_PCI_TOO_SMALL, function: "")
    /// `SCARD_E_READER_UNSUPPORTED` (`0x8010001A`).
    public static let readerUnsupported = PCSCError(status: SCARD_E_READER_UNSUPPORTED, function: "")
    /// `SCARD_E_DUPLICATE_READER` (`0x8010001B`).
    public static let duplicateReader = PCSCError(status: SCARD_E_DUPLICATE_READER, function: "")
    /// `SCARD_E_CARD_UNSUPPORTED` (`0x8010001C`).
    public static let cardUnsupported = PCSCError(status: SCARD_E_CARD_UNSUPPORTED, function: "")
    /// `SCARD_E_NO_SERVICE` (`0x8010001D`).
    public static let noService = PCSCError(status: SCARD_E_NO_SERVICE, function: "")
    /// `SCARD_E_SERVICE_STOPPED` (`0x8010001E`).
    public static let serviceStopped = PCSCError(status: SCARD_E_SERVICE_STOPPED, function: "")
    /// `SCARD_E_UNEXPECTED` (`0x8010001F`).
    public static let unexpected = PCSCError(status: SCARD_E_UNEXPECTED, function: "")
    /// `SCARD_E_UNSUPPORTED_FEATURE` (`0x8010001F`).
    public static let unsupportedFeature = PCSCError(status: SCARD_E_UNSUPPORTED_FEATURE, function: "")
    /// `SCARD_E_ICC_INSTALLATION` (`0x80100020`).
    public static let iccInstallation = PCSCError(status: SCARD_E_ICC_INSTALLATION, function: "")
    /// `SCARD_E_ICC_CREATEORDER` (`0x80100021`).
    public static let iccCreateOrder = PCSCError(status: SCARD_E_ICC_CREATEORDER, function: "")
    /// `SCARD_E_DIR_NOT_FOUND` (`0x80100023`).
    public static let directoryNotFound = PCSCError(status: SCARD_E_DIR_NOT_FOUND, function: "")
    /// `SCARD_E_FILE_NOT_FOUND` (`0x80100024`).
    public static let fileNotFound = PCSCError(status: SCARD_E_FILE_NOT_FOUND, function: "")
    /// `SCARD_E_NO_DIR` (`0x80100025`).
    public static let noDirectory = PCSCError(status: SCARD_E_NO_DIR, function: "")
    /// `SCARD_E_NO_FILE` (`0x80100026`).
    public static let noFile = PCSCError(status: SCARD_E_NO_FILE, function: "")
    /// `SCARD_E_NO_ACCESS` (`0x80100027`).
    public static let noAccess = PCSCError(status: SCARD_E_NO_ACCESS, function: "")
    /// `SCARD_E_WRITE_TOO_MANY` (`0x80100028`).
    public static let writeTooMany = PCSCError(status: SCARD_E_WRITE_TOO_MANY, function: "")
    /// `SCARD_E_BAD_SEEK` (`0x80100029`).
    public static let badSeek = PCSCError(status: SCARD_E_BAD_SEEK, function: "")
    /// `SCARD_E_INVALID_CHV` (`0x8010002A`).
    public static let invalidCHV = PCSCError(status: SCARD_E_INVALID_CHV, function: "")
    /// `SCARD_E_UNKNOWN_RES_MNG` (`0x8010002B`).
    public static let unknownResourceManager = PCSCError(status: SCARD_E_UNKNOWN_RES_MNG, function: "")
    /// `SCARD_E_NO_SUCH_CERTIFICATE` (`0x8010002C`).
    public static let noSuchCertificate = PCSCError(status: SCARD_E_NO_SUCH_CERTIFICATE, function: "")
    /// `SCARD_E_CERTIFICATE_UNAVAILABLE` (`0x8010002D`).
    public static let certificateUnavailable = PCSCError(status: SCARD_E_CERTIFICATE_UNAVAILABLE, function: "")
    /// `SCARD_E_NO_READERS_AVAILABLE` (`0x8010002E`).
    public static let noReadersAvailable = PCSCError(status: SCARD_E_NO_READERS_AVAILABLE, function: "")
    /// `SCARD_E_COMM_DATA_LOST` (`0x8010002F`).
    public static let communicationDataLost = PCSCError(status: SCARD_E_COMM_DATA_LOST, function: "")
    /// `SCARD_E_NO_KEY_CONTAINER` (`0x80100030`).
    public static let noKeyContainer = PCSCError(status: SCARD_E_NO_KEY_CONTAINER, function: "")
    /// `SCARD_E_SERVER_TOO_BUSY` (`0x80100031`).
    public static let serverTooBusy = PCSCError(status: SCARD_E_SERVER_TOO_BUSY, function: "")
    /// `SCARD_W_UNSUPPORTED_CARD` (`0x80100065`).
    public static let unsupportedCard = PCSCError(status: SCARD_W_UNSUPPORTED_CARD, function: "")
    /// `SCARD_W_UNRESPONSIVE_CARD` (`0x80100066`).
    public static let unresponsiveCard = PCSCError(status: SCARD_W_UNRESPONSIVE_CARD, function: "")
    /// `SCARD_W_UNPOWERED_CARD` (`0x80100067`).
    public static let unpoweredCard = PCSCError(status: SCARD_W_UNPOWERED_CARD, function: "")
    /// `SCARD_W_RESET_CARD` (`0x80100068`).
    public static let resetCard = PCSCError(status: SCARD_W_RESET_CARD, function: "")
    /// `SCARD_W_REMOVED_CARD` (`0x80100069`).
    public static let removedCard = PCSCError(status: SCARD_W_REMOVED_CARD, function: "")
    /// `SCARD_W_SECURITY_VIOLATION` (`0x8010006A`).
    public static let securityViolation = PCSCError(status: SCARD_W_SECURITY_VIOLATION, function: "")
    /// `SCARD_W_WRONG_CHV` (`0x8010006B`).
    public static let wrongCHV = PCSCError(status: SCARD_W_WRONG_CHV, function: "")
    /// `SCARD_W_CHV_BLOCKED` (`0x8010006C`).
    public static let chvBlocked = PCSCError(status: SCARD_W_CHV_BLOCKED, function: "")
    /// `SCARD_W_EOF` (`0x8010006D`).
    public static let endOfFile = PCSCError(status: SCARD_W_EOF, function: "")
    /// `SCARD_W_CANCELLED_BY_USER` (`0x8010006E`).
    public static let cancelledByUser = PCSCError(status: SCARD_W_CANCELLED_BY_USER, function: "")
    /// `SCARD_W_CARD_NOT_AUTHENTICATED` (`0x8010006F`).
    public static let cardNotAuthenticated = PCSCError(status: SCARD_W_CARD_NOT_AUTHENTICATED, function: "")
    /// `SCARD_E_UNSUPPORTED_FEATURE` as Windows numbers it (`0x80100022`); pcsc-lite uses `0x8010001F`.
    public static let unsupportedFeatureWindows = PCSCError(code: 0x8010_0022)

    /// C names by code; `0x8010001F` is named as the feature code, the meaning pcsc-lite gives it in practice.
    static let names: [UInt32: String] = {
        var names: [UInt32: String] = [0x8010_0022: "SCARD_E_UNSUPPORTED_FEATURE"]
        for (status, name) in [
            (SCARD_F_INTERNAL_ERROR, "SCARD_F_INTERNAL_ERROR"),
            (SCARD_E_CANCELLED, "SCARD_E_CANCELLED"),
            (SCARD_E_INVALID_HANDLE, "SCARD_E_INVALID_HANDLE"),
            (SCARD_E_INVALID_PARAMETER, "SCARD_E_INVALID_PARAMETER"),
            (SCARD_E_INVALID_TARGET, "SCARD_E_INVALID_TARGET"),
            (SCARD_E_NO_MEMORY, "SCARD_E_NO_MEMORY"),
            (SCARD_F_WAITED_TOO_LONG, "SCARD_F_WAITED_TOO_LONG"),
            (SCARD_E_INSUFFICIENT_BUFFER, "SCARD_E_INSUFFICIENT_BUFFER"),
            (SCARD_E_UNKNOWN_READER, "SCARD_E_UNKNOWN_READER"),
            (SCARD_E_TIMEOUT, "SCARD_E_TIMEOUT"),
            (SCARD_E_SHARING_VIOLATION, "SCARD_E_SHARING_VIOLATION"),
            (SCARD_E_NO_SMARTCARD, "SCARD_E_NO_SMARTCARD"),
            (SCARD_E_UNKNOWN_CARD, "SCARD_E_UNKNOWN_CARD"),
            (SCARD_E_CANT_DISPOSE, "SCARD_E_CANT_DISPOSE"),
            (SCARD_E_PROTO_MISMATCH, "SCARD_E_PROTO_MISMATCH"),
            (SCARD_E_NOT_READY, "SCARD_E_NOT_READY"),
            (SCARD_E_INVALID_VALUE, "SCARD_E_INVALID_VALUE"),
            (SCARD_E_SYSTEM_CANCELLED, "SCARD_E_SYSTEM_CANCELLED"),
            (SCARD_F_COMM_ERROR, "SCARD_F_COMM_ERROR"),
            (SCARD_F_UNKNOWN_ERROR, "SCARD_F_UNKNOWN_ERROR"),
            (SCARD_E_INVALID_ATR, "SCARD_E_INVALID_ATR"),
            (SCARD_E_NOT_TRANSACTED, "SCARD_E_NOT_TRANSACTED"),
            (SCARD_E_READER_UNAVAILABLE, "SCARD_E_READER_UNAVAILABLE"),
            (SCARD_P_SHUTDOWN, "SCARD_P_SHUTDOWN"),
            (SCARD_E_PCI_TOO_SMALL, "SCARD_E_PCI_TOO_SMALL"),
            (SCARD_E_READER_UNSUPPORTED, "SCARD_E_READER_UNSUPPORTED"),
            (SCARD_E_DUPLICATE_READER, "SCARD_E_DUPLICATE_READER"),
            (SCARD_E_CARD_UNSUPPORTED, "SCARD_E_CARD_UNSUPPORTED"),
            (SCARD_E_NO_SERVICE, "SCARD_E_NO_SERVICE"),
            (SCARD_E_SERVICE_STOPPED, "SCARD_E_SERVICE_STOPPED"),
            (SCARD_E_UNSUPPORTED_FEATURE, "SCARD_E_UNSUPPORTED_FEATURE"),
            (SCARD_E_ICC_INSTALLATION, "SCARD_E_ICC_INSTALLATION"),
            (SCARD_E_ICC_CREATEORDER, "SCARD_E_ICC_CREATEORDER"),
            (SCARD_E_DIR_NOT_FOUND, "SCARD_E_DIR_NOT_FOUND"),
            (SCARD_E_FILE_NOT_FOUND, "SCARD_E_FILE_NOT_FOUND"),
            (SCARD_E_NO_DIR, "SCARD_E_NO_DIR"),
            (SCARD_E_NO_FILE, "SCARD_E_NO_FILE"),
            (SCARD_E_NO_ACCESS, "SCARD_E_NO_ACCESS"),
            (SCARD_E_WRITE_TOO_MANY, "SCARD_E_WRITE_TOO_MANY"),
            (SCARD_E_BAD_SEEK, "SCARD_E_BAD_SEEK"),
            (SCARD_E_INVALID_CHV, "SCARD_E_INVALID_CHV"),
            (SCARD_E_UNKNOWN_RES_MNG, "SCARD_E_UNKNOWN_RES_MNG"),
            (SCARD_E_NO_SUCH_CERTIFICATE, "SCARD_E_NO_SUCH_CERTIFICATE"),
            (SCARD_E_CERTIFICATE_UNAVAILABLE, "SCARD_E_CERTIFICATE_UNAVAILABLE"),
            (SCARD_E_NO_READERS_AVAILABLE, "SCARD_E_NO_READERS_AVAILABLE"),
            (SCARD_E_COMM_DATA_LOST, "SCARD_E_COMM_DATA_LOST"),
            (SCARD_E_NO_KEY_CONTAINER, "SCARD_E_NO_KEY_CONTAINER"),
            (SCARD_E_SERVER_TOO_BUSY, "SCARD_E_SERVER_TOO_BUSY"),
            (SCARD_W_UNSUPPORTED_CARD, "SCARD_W_UNSUPPORTED_CARD"),
            (SCARD_W_UNRESPONSIVE_CARD, "SCARD_W_UNRESPONSIVE_CARD"),
            (SCARD_W_UNPOWERED_CARD, "SCARD_W_UNPOWERED_CARD"),
            (SCARD_W_RESET_CARD, "SCARD_W_RESET_CARD"),
            (SCARD_W_REMOVED_CARD, "SCARD_W_REMOVED_CARD"),
            (SCARD_W_SECURITY_VIOLATION, "SCARD_W_SECURITY_VIOLATION"),
            (SCARD_W_WRONG_CHV, "SCARD_W_WRONG_CHV"),
            (SCARD_W_CHV_BLOCKED, "SCARD_W_CHV_BLOCKED"),
            (SCARD_W_EOF, "SCARD_W_EOF"),
            (SCARD_W_CANCELLED_BY_USER, "SCARD_W_CANCELLED_BY_USER"),
            (SCARD_W_CARD_NOT_AUTHENTICATED, "SCARD_W_CARD_NOT_AUTHENTICATED"),
        ] { names[UInt32(truncatingIfNeeded: status)] = name }
        return names
    }()
}
