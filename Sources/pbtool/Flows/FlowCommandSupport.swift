import ArgumentParser
import Biometry

/// What every flow command does once its flow has ended.
enum FlowEnding {
    /// Returns for success; otherwise ends the process with the outcome's exit code (the
    /// presenter has already told the person why).
    static func finish(_ outcome: FlowOutcome) throws {
        let status = outcome.exitStatus
        guard status != .success else { return }
        throw ExitCode(status.rawValue)
    }
}

/// `--min-quality` and `--min-area`: the gates of a flow, over its defaults.
struct GateOptions: ParsableArguments {
    @Option(name: .customLong("min-quality"), parsing: .unconditional, help: "Lowest image quality accepted (0–100).",
            transform: OptionValue.count(0...100))
    var minimumQuality: Int?

    @Option(name: .customLong("min-area"), parsing: .unconditional, help: "Smallest finger area accepted, in mm² (0–1000).",
            transform: OptionValue.measure(0...1000, "mm²"))
    var minimumArea: Double?

    /// `defaults` with the minimums given.
    func gates(_ defaults: SwipeGates) -> SwipeGates {
        var gates = defaults
        if let minimumQuality { gates.minimumQuality = minimumQuality }
        if let minimumArea { gates.minimumArea = minimumArea }
        return gates
    }
}
