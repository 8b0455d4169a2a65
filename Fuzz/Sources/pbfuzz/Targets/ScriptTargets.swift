import APDU
import APDUScript
import Foundation
import VirtualCard

/// The APDU script language (`pbtool apdu run`): the parser with its includes, the runner over
/// the in-process virtual card with every reporter, and the two legacy importers.
enum ScriptTargets {
    static let all = [script, legacyImport]

    /// Parses the input as a script; a script that parses is listed, run against a fresh virtual
    /// card without real sleeps, and reported as text, TAP, JSON lines and JUnit XML. An
    /// `include` of `fuzz.apdu` reads the input again (chains and cycles are reachable); any
    /// other include reads a one-command script, as the conformance scripts' shared SELECT.
    static let script = FuzzTarget(
        name: "apdu-script", summary: "ScriptLoader.parse (with includes), ScriptListing, ScriptRunner on the virtual card, every reporter",
        maximumLength: 8_192,
        run: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let loader = ScriptLoader { path in path.hasSuffix("fuzz.apdu") ? text : includedScript }
            guard let parsed = try? loader.parse(text, file: "fuzz.apdu") else { return }
            _ = ScriptListing(parsed).lines
            run(parsed)
        },
        seeds: { ScriptSeeds.scripts })

    /// scriptor and apdutool files converted to pbtool scripts: the conversion parses.
    static let legacyImport = FuzzTarget(
        name: "apdu-script-import", summary: "ScriptorImporter and APDUToolImporter; what they write parses",
        maximumLength: 8_192,
        run: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            _ = LegacyScriptFormat.detect(text)
            for converted in [try? ScriptorImporter.convert(text, file: "fuzz.script"),
                              try? APDUToolImporter.convert(text, file: "fuzz.scr")] {
                guard let converted else { continue }
                do { _ = try ScriptLoader { _ in "" }.parse(converted.text, file: "converted.apdu") } catch {
                    FuzzCheck.require(false, "an imported script does not parse: \(error)\n\(converted.text)")
                }
            }
        },
        seeds: { ScriptSeeds.legacy })

    private static let includedScript = "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 =9000\n"

    private static func run(_ script: Script) {
        var output = ""
        let reporters: [any ScriptRunObserver] = [
            TextReporter(usesColor: false, showsTraces: true) { output += $0 },
            TAPReporter { output += $0 }, JSONLinesReporter { output += $0 },
        ]
        let runner = ScriptRunner(connector: FuzzCardConnector(), environment: ["PIN": "1234"],
                                  settings: RunSettings(fixedReader: .emulated), clock: InstantClock(),
                                  observer: ObserverFanOut(reporters))
        let result = runner.run([script])
        _ = JUnitReport.xml(for: result)
    }
}

/// A fresh virtual card with the catalog's applets, as `apdu run --emulate` uses.
private final class FuzzCardConnector: CardConnector {
    private var channel: VirtualCardChannel?

    func channel(reader: String?) throws -> any CardChannel {
        if let channel { return channel }
        let fresh = VirtualCardChannel(card: try VirtualCard(applets: AppletCatalog.all()))
        channel = fresh
        return fresh
    }

    func describe(_ error: any Error) -> String { String(describing: error) }
}

/// `sleep` statements return at once: the fuzzer measures parsing and running, not waiting.
private struct InstantClock: ScriptClock {
    var now: ContinuousClock.Instant { ContinuousClock.now }
    func sleep(for duration: Duration) {}
}

/// Hands every event to several reporters.
private final class ObserverFanOut: ScriptRunObserver {
    private let observers: [any ScriptRunObserver]

    init(_ observers: [any ScriptRunObserver]) {
        self.observers = observers
    }

    func receive(_ event: RunEvent) {
        observers.forEach { $0.receive(event) }
    }
}
