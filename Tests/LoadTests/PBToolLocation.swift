import Foundation
import TestSupport

/// Executables built beside `pbtool` (`.build/<config>/`).
enum PBToolLocation {
    static func sibling(_ name: String) -> URL {
        PBToolProcess.executable.deletingLastPathComponent().appendingPathComponent(name)
    }
}
