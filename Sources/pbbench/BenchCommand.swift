import ArgumentParser
import Foundation

/// `pbbench`: runs the benchmark suites in a release build, prints the figures beside their
/// targets, and exits 1 when a stated target is missed. `make bench` runs it.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pbbench",
        abstract: "Measure pbtool's speed and accuracy against the targets in its issues.",
        discussion: "Suites: " + BenchSuites.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")
    )

    @Argument(help: "Suites to run (default: all).")
    var suites: [String] = []

    @Flag(help: "Print one JSON object instead of the table.")
    var json = false

    func validate() throws {
        let known = Set(BenchSuites.all.map { $0.name })
        for name in suites where !known.contains(name) {
            throw ValidationError("unknown suite '\(name)'; known: \(known.sorted().joined(separator: ", "))")
        }
    }

    func run() async throws {
        let report = BenchReport(printsJSON: json)
        let selected = BenchSuites.all.filter { suites.isEmpty || suites.contains($0.name) }
        for suite in selected {
            report.currentSuite = suite.name
            if !json { print("== \(suite.name): \(suite.summary)") }
            do {
                try await suite.init().run(report)
            } catch {
                report.skip("failed: \(error)")
                report.record("suite completed", 0, unit: "bool", target: .atLeast(1))
            }
        }
        if json {
            let data = try JSONSerialization.data(withJSONObject: report.jsonObject(), options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            let missed = report.missed
            print(missed.isEmpty
                  ? "All \(report.figures.filter { $0.target != nil }.count) targets met."
                  : "MISSED \(missed.count) target(s): " + missed.map { "\($0.suite)/\($0.name)" }.joined(separator: ", "))
        }
        if !report.missed.isEmpty { throw ExitCode(1) }
    }
}
