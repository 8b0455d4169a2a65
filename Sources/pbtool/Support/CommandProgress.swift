import Foundation
import TerminalUI

extension ProgressBar {
    /// The bar of a slow pbtool command: on standard error while a person watches both output
    /// streams, silent with --json or --quiet and whenever output goes to a file or a pipe.
    static func command(_ label: String, unit: String, total: Int = 0, quiet: Bool) -> ProgressBar {
        onStandardError(label: label, unit: unit, total: total, quiet: quiet,
                        environment: ProcessInfo.processInfo.environment)
    }
}
