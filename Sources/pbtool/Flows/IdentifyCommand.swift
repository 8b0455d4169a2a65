import ArgumentParser
import Biometry
import TerminalUI

/// `pbtool identify`: who is this? 1:N over every reference in the template store.
struct IdentifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Identify a finger among everyone in the template store (1:N).",
        discussion: """
            Loads every reference in the store, takes one usable swipe of any finger and lists \
            the best candidates at or above the threshold (--fmr), best first. A store of up to \
            256 references is compared in full; in a larger one every reference is first ranked \
            by a coarse sketch of its minutiae and the best 2 % (at least 256) are compared in \
            full. The ranking can miss a reference the full comparison would find (docs/identify.md \
            gives how often); --exhaustive compares every reference in full, slower.

            Exit codes: 0 at least one candidate, 1 nobody matched, 2 usage, 7 no finger in \
            time, 8 no sensor, 9 store, 10 wrong passphrase, 130 cancelled. See docs/identify.md.

            Examples:
              pbtool identify --key-file ~/.config/pbtool/store.key
              pbtool identify --top 5 --json --sensor sim:synthetic:7
              pbtool identify --exhaustive
            """
    )

    @Option(parsing: .unconditional, help: "Candidates to list at most (1–1000).", transform: OptionValue.count(1...1000))
    var top = 3

    @Flag(help: "Compare every reference in full instead of the best-ranked share of a large store.")
    var exhaustive = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var gates: GateOptions
    @OptionGroup var match: MatchOptions
    @OptionGroup var output: FlowOutputOptions

    func run() async throws {
        let runner = try output.runner()
        let engine = match.engine()
        let device = try sensor.makeSensor(impressions: 4...4)
        var search = HostGallery.Search()
        if exhaustive { search.fullComparisons = .max }
        let gallery = try loadGallery(engine: engine, search: search)
        runner.warn(about: gallery.unreadable)
        var configuration = IdentificationController.Configuration()
        configuration.top = top
        configuration.gates = gates.gates(.verification)
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        let outcome = try await runner.run(IdentificationController(configuration: configuration, sensor: device,
                                                                    engine: engine, gallery: gallery))
        try FlowEnding.finish(outcome)
    }

    /// Every reference of the store, with a progress bar that is gone before the swipe prompt.
    private func loadGallery(engine: RecognitionEngine, search: HostGallery.Search) throws -> HostGallery {
        let loading = ProgressBar.command("loading", unit: "references", quiet: output.json || output.quiet)
        defer { loading.finish() }
        return try HostGallery(loading: HostReferences(database: store.open(readOnly: true), engine: engine), search: search,
                               progress: { loading.update(completed: $0, total: $1) })
    }
}
