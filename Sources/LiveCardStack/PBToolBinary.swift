import Foundation
import ReferenceData

/// Where the `pbtool` binary of this build is, for what starts it as a user would
/// (`pbtool card emulate` in ``EmulatorProcess``, the tests' command runs).
public enum PBToolBinary {
    /// The `pbtool` executable built beside the running test bundle or benchmark
    /// (`.build/<config>/pbtool`), or `PBTOOL_BINARY` when set.
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["PBTOOL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let bundle = Bundle.main.bundleURL
        var directory = bundle.hasDirectoryPath ? bundle : bundle.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("pbtool")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/pbtool")
    }
}
