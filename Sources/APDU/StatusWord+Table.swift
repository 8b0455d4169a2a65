extension StatusWord {
    /// `9000`: Normal processing.
    public static let success: StatusWord = 0x9000
    /// `6300`: Warning, NV changed, no information (often: verification failed).
    public static let verificationFailed: StatusWord = 0x6300
    /// `6700`: Wrong length (Lc or Le).
    public static let wrongLength: StatusWord = 0x6700
    /// `6881`: Logical channel not supported.
    public static let logicalChannelNotSupported: StatusWord = 0x6881
    /// `6882`: Secure messaging not supported.
    public static let secureMessagingNotSupported: StatusWord = 0x6882
    /// `6883`: Last command of the chain expected.
    public static let lastCommandOfChainExpected: StatusWord = 0x6883
    /// `6884`: Command chaining not supported.
    public static let commandChainingNotSupported: StatusWord = 0x6884
    /// `6900`: Command not allowed, no information.
    public static let commandNotAllowed: StatusWord = 0x6900
    /// `6982`: Security status not satisfied.
    public static let securityStatusNotSatisfied: StatusWord = 0x6982
    /// `6983`: Authentication method blocked.
    public static let authenticationMethodBlocked: StatusWord = 0x6983
    /// `6984`: Reference data not usable.
    public static let referenceDataNotUsable: StatusWord = 0x6984
    /// `6985`: Conditions of use not satisfied.
    public static let conditionsOfUseNotSatisfied: StatusWord = 0x6985
    /// `6A80`: Incorrect parameters in the command data field.
    public static let incorrectDataParameters: StatusWord = 0x6A80
    /// `6A81`: Function not supported.
    public static let functionNotSupported: StatusWord = 0x6A81
    /// `6A82`: File or application not found.
    public static let fileNotFound: StatusWord = 0x6A82
    /// `6A83`: Record not found.
    public static let recordNotFound: StatusWord = 0x6A83
    /// `6A84`: Not enough memory space in the file.
    public static let notEnoughMemory: StatusWord = 0x6A84
    /// `6A86`: Incorrect parameters P1-P2.
    public static let incorrectP1P2: StatusWord = 0x6A86
    /// `6A88`: Referenced data or reference data not found.
    public static let referencedDataNotFound: StatusWord = 0x6A88
    /// `6B00`: Wrong parameters P1-P2.
    public static let wrongP1P2: StatusWord = 0x6B00
    /// `6D00`: Instruction code not supported or invalid.
    public static let instructionNotSupported: StatusWord = 0x6D00
    /// `6E00`: Class not supported.
    public static let classNotSupported: StatusWord = 0x6E00
    /// `6F00`: No precise diagnosis.
    public static let noPreciseDiagnosis: StatusWord = 0x6F00

    /// The exact words of ISO/IEC 7816-4 §5.6 tables 5–6 (parametric `61XX`, `63CX`, `6CXX` are
    /// computed in `meaning`).
    static let isoMeanings: [UInt16: String] = [
        0x9000: "Normal processing",
        0x6200: "Warning, NV unchanged, no information",
        0x6281: "Part of returned data may be corrupted",
        0x6282: "End of file or record reached before reading Ne bytes (or unsuccessful search)",
        0x6283: "Selected file deactivated",
        0x6284: "File control information not correctly formatted",
        0x6285: "Selected file in termination state",
        0x6286: "No input data available from a sensor on the card",
        0x6300: "Warning, NV changed, no information (often: verification failed)",
        0x6381: "File filled up by the last write",
        0x6400: "Execution error, NV unchanged",
        0x6401: "Immediate response required by the card",
        0x6500: "Execution error, NV changed",
        0x6581: "Memory failure",
        0x6600: "Security-related issue",
        0x6700: "Wrong length (Lc or Le)",
        0x6800: "Functions in CLA not supported",
        0x6881: "Logical channel not supported",
        0x6882: "Secure messaging not supported",
        0x6883: "Last command of the chain expected",
        0x6884: "Command chaining not supported",
        0x6900: "Command not allowed, no information",
        0x6981: "Command incompatible with file structure",
        0x6982: "Security status not satisfied",
        0x6983: "Authentication method blocked",
        0x6984: "Reference data not usable",
        0x6985: "Conditions of use not satisfied",
        0x6986: "Command not allowed (no current EF)",
        0x6987: "Expected secure messaging data objects missing",
        0x6988: "Incorrect secure messaging data objects",
        0x6A00: "Wrong parameters P1-P2, no information",
        0x6A80: "Incorrect parameters in the command data field",
        0x6A81: "Function not supported",
        0x6A82: "File or application not found",
        0x6A83: "Record not found",
        0x6A84: "Not enough memory space in the file",
        0x6A85: "Nc inconsistent with TLV structure",
        0x6A86: "Incorrect parameters P1-P2",
        0x6A87: "Nc inconsistent with parameters P1-P2",
        0x6A88: "Referenced data or reference data not found",
        0x6A89: "File already exists",
        0x6A8A: "DF name already exists",
        0x6B00: "Wrong parameters P1-P2",
        0x6D00: "Instruction code not supported or invalid",
        0x6E00: "Class not supported",
        0x6F00: "No precise diagnosis",
    ]

    /// What the SW1 group means when the exact word is not in the table.
    static func groupMeaning(sw1: UInt8) -> String {
        switch sw1 {
        case 0x62: return "Warning, NV unchanged"
        case 0x63: return "Warning, NV changed"
        case 0x64: return "Execution error, NV unchanged"
        case 0x65: return "Execution error, NV changed"
        case 0x66: return "Security-related execution error"
        case 0x67: return "Wrong length"
        case 0x68: return "Functions in CLA not supported"
        case 0x69: return "Command not allowed"
        case 0x6A, 0x6B: return "Wrong parameters"
        case 0x6D: return "Instruction code not supported or invalid"
        case 0x6E: return "Class not supported"
        case 0x6F: return "No precise diagnosis"
        case 0x90...0x9F: return "Proprietary status"
        default: return "Not a valid status word"
        }
    }
}
