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
