import ArgumentParser
import Biometry
import Files
import Foundation
import FingerprintSynthesis
import ImageCodecs
import TerminalUI

/// `pbtool synth`: a synthetic fingerprint data set in the FVC layout.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate a synthetic fingerprint data set (FVC file naming, ground-truth minutiae).",
        discussion: """
            Each finger gets a master fingerprint (class, singular points, ridge pattern grown by \
            Gabor filtering); each impression places, rotates and elastically distorts it, with partial \
            contact, pressure, dryness and noise. The same seed always gives the same files.

            Writes NNN_I.<format> (fingers 101…, impressions 1…), NNN_I.json with that impression's \
            ground-truth minutiae and singular points, and manifest.json describing the set.

            Examples:
              pbtool synth --fingers 10 --impressions 8 --seed 7 --out synthetic/
              pbtool synth --fingers 2 --class whorl --size 300x400 --format tiff --out w/
            """
    )

    @Option(parsing: .unconditional, help: "Number of fingers (1–899).", transform: OptionValue.count(1...899))
    var fingers: Int = 10

    @Option(parsing: .unconditional, help: "Impressions per finger (1–99).", transform: OptionValue.count(1...99))
    var impressions: Int = 8

    @Option(help: "Seed of the whole data set.")
    var seed: UInt64 = 1

    @Option(help: "Output directory (created if missing).")
    var out: String

    @Option(help: "Image size in pixels, WIDTHxHEIGHT (default: 400x400).", transform: SynthArguments.size)
    var size: SynthArguments.Size = SynthArguments.Size(width: 400, height: 400)

    @Option(parsing: .unconditional, help: "Resolution in dpi, 250–1000; ridge spacing scales with it (default: 500).",
            transform: OptionValue.dpi)
    var dpi: Double = 500

    @Option(name: .customLong("class"),
            help: "arch, tented-arch, left-loop, right-loop, whorl, or mixed: natural frequencies (default).",
            transform: SynthArguments.fingerClass)
    var fingerClass: SynthArguments.ClassChoice = .mixed

    @Option(help: "Image format: png (default), tiff, bmp, pgm, wsq, jpeg or jp2.", transform: ImageArguments.format)
    var format: ImageFormat = .png

    @Flag(help: "Print the manifest as JSON instead of progress and a summary.")
    var json = false

    func validate() throws {
        // Below 250 dpi ridges are under 4.5 px apart and cannot be drawn; above 1000 the master gets slow.
        guard (250...1_000).contains(dpi) else { throw ValidationError("--dpi for synth must be 250–1000") }
    }

    func run() throws {
        let parameters = SynthesisParameters(width: size.width, height: size.height, dpi: dpi)
        let dataset = SyntheticDataset(seed: seed, fingers: fingers, impressionsPerFinger: impressions,
                                       parameters: parameters, fingerClass: fingerClass.fixedClass)
        try createDirectory()
        let writer = SynthWriter(dataset: dataset, directory: out, format: format)
        let progress = SynthProgress(total: fingers * impressions, quiet: json)
        // Fingers are independent (each has its own seed), so every core makes its share.
        let entries = try ParallelMap.map(Array(1...fingers)) { finger in
            try writer.writeFinger(finger) { progress.advance() }
        }
        let manifest = SynthManifest(dataset: dataset, format: format, fingers: entries)
        try writer.writeManifest(manifest)
        progress.finish()
        if json {
            try JSONOutput.print(manifest)
        } else {
            let count = fingers * impressions
            print("wrote \(count) impression\(count == 1 ? "" : "s") of \(fingers) finger\(fingers == 1 ? "" : "s") "
                  + "to \(out) (manifest.json)")
        }
    }

    private func createDirectory() throws {
        try OutputFolder.prepare(out, role: "output folder")
    }
}

/// Progress on standard output while a data set is written (nothing with --json); fingers are
/// written on several threads, so each step holds a lock.
final class SynthProgress: @unchecked Sendable {
    private let line: ProgressLine
    private let terminal = TerminalSize.current(environment: ProcessInfo.processInfo.environment)
    private let quiet: Bool
    private var done = 0
    private let lock = NSLock()

    init(total: Int, quiet: Bool) {
        line = ProgressLine(label: "synthesising", total: total, unit: "impressions")
        self.quiet = quiet
    }

    func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard !quiet, terminal.isTerminal else { return }
        let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment, isTerminal: true)
        print(ProgressLine.update(line.text(completed: done, columns: min(terminal.columns, 80), depth: depth),
                                  isTerminal: true), terminator: "")
    }

    func finish() {
        if !quiet && terminal.isTerminal { print("") }
    }
}
