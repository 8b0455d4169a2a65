import APDU

/// What a script has set up so far while it runs: variables, transport switches, reader,
/// logical channel. Each script starts afresh from the run's settings.
struct ScriptState {
    var variables: ScriptVariables
    var rules: TransportRules
    var stopOnFail: Bool
    /// The reader asked for by the last `reader` statement.
    var reader: String?
    /// The channel put into every CLA since the last `channel` statement; nil leaves CLA as written.
    var channelNumber: Int?
    private let forcedStop: Bool

    init(environment: [String: String], settings: RunSettings) {
        variables = ScriptVariables(environment: environment)
        rules = settings.transportRules
        stopOnFail = settings.stopOnFail
        forcedStop = settings.stopOnFail
    }

    /// `option NAME on|off`; `--stop-on-fail` on the command line cannot be switched off.
    mutating func apply(_ option: ScriptOption, enabled: Bool) {
        func set(_ rule: TransportRules) {
            if enabled { rules.insert(rule) } else { rules.remove(rule) }
        }
        switch option {
        case .getResponse: set(.getResponse)
        case .exactLength: set(.resendWithExactLength)
        case .chaining: set(.commandChaining)
        case .stopOnFail: stopOnFail = enabled || forcedStop
        }
    }
}

/// Why the statements of a test stopped before their end.
enum StepStop: Error {
    /// Checks did not hold.
    case failed([TestFailure])
    /// The script cannot go on as written (a bad value found at run time).
    case scriptError(TestFailure)
    /// The card or its transport failed; the run ends.
    case transport(TestFailure)
}

extension APDURedaction {
    /// What script traces hide by default: the data of VERIFY, CHANGE REFERENCE DATA and RESET
    /// RETRY COUNTER (PINs, templates; ISO 7816-4 §11.5) and of GlobalPlatform PUT KEY (`D8`, keys).
    static let scriptDefault = APDURedaction(hidesCommandData: { command in
        [0x20, 0x21, 0x24, 0x25, 0x2C, 0x2D, 0xD8].contains(command.ins)
    })

    /// Hides every command's data: for commands built from environment values, which is where
    /// scripts keep keys.
    static let allCommandData = APDURedaction(hidesCommandData: { _ in true })
}
