import Foundation
import ReferenceData

/// Where the binaries of this build are, for what starts them as a user would
/// (`pbtool card emulate` in ``EmulatorProcess``, the tests' command runs, `pbmanual`).
public enum PBToolBinary {
    /// The `pbtool` executable built beside the running test bundle or benchmark
    /// (`.build/<config>/pbtool`), or `PBTOOL_BINARY` when set.
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["PBTOOL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return built("pbtool")
    }

    /// A product of this package built beside the running test bundle or benchmark.
    public static func built(_ name: String) -> URL {
        let bundle = Bundle.main.bundleURL
        var directory = bundle.hasDirectoryPath ? bundle : bundle.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/\(name)")
    }
}
