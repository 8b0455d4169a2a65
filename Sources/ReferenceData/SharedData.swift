import Foundation

/// The reference data beside the checkout (`../shared/data`): real FVC images and USB recordings.
///
/// Tests that need it are gated with `.enabled(if: SharedData.isAvailable, …)` so that a clone
/// without `../shared` skips them with a clear message instead of failing.
public enum SharedData {
    /// The repository root, found from this file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ReferenceData
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// `../shared/data`, or `PBTOOL_SHARED_DATA` when set.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["PBTOOL_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.path)
    }

    public static let skipMessage = "needs ../shared/data beside the checkout (real FVC images, USB recordings)"

    /// A path inside the shared data folder, e.g. `fingerprints/FVC2002_DB1_B/101_1.tif`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
