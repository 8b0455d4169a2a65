import Foundation
import TestSupport

/// A tiny FVC-layout data set made by `pbtool synth`: fingers 101 and 102, two 256 × 256 PNG
/// impressions each (plus the generator's JSON files). Made once per test run.
enum SyntheticPrintSet {
    struct SynthFailed: Error { let message: String }

    static let directory: Result<String, any Error> = Result {
        let directory = NSTemporaryDirectory() + "pbtool-synthetic-set-\(UUID().uuidString)"
        let outcome = try PBToolProcess.run(["synth", "--fingers", "2", "--impressions", "2", "--size", "256x256",
                                             "--seed", "3", "--out", directory])
        guard outcome.status == 0 else { throw SynthFailed(message: outcome.standardError) }
        return directory
    }

    /// The path of image `name` (`101_1`).
    static func image(_ name: String) throws -> String {
        "\(try directory.get())/\(name).png"
    }
}
