import Files
import Fingerprint
import Foundation
import ImageCodecs
import Imaging

/// Writes every extraction step as `DIR/NN-step.png` (`--dump-steps DIR`).
final class StepDumper: ExtractionObserver {
    let directory: String
    private(set) var written: [String] = []
    private(set) var failure: (any Error)?

    init(directory: String) throws {
        self.directory = directory
        try OutputFolder.prepare(directory, role: "step folder")
    }

    func record(_ step: ExtractionStep, render: () -> GrayImage) {
        guard failure == nil else { return }
        let path = (directory as NSString).appendingPathComponent("\(step.rawValue).png")
        do {
            try ImageFile.write(render(), to: path, format: .png)
            written.append(path)
        } catch {
            failure = error
        }
    }
}
