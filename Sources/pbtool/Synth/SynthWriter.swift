import Files
import Fingerprint
import Foundation
import FingerprintSynthesis
import ImageCodecs

/// Writes one finger's impressions and ground truth, and the data set's manifest.
struct SynthWriter {
    let dataset: SyntheticDataset
    let directory: String
    let format: ImageFormat

    func writeFinger(_ finger: Int, afterEachImpression: () -> Void) throws -> SynthManifest.Finger {
        let master = dataset.master(finger: finger)
        var impressions = [SynthManifest.ImpressionEntry]()
        for number in 1...dataset.impressionsPerFinger {
            let impression = dataset.impression(number, of: master, finger: finger)
            let stem = SyntheticDataset.fvcName(finger: finger, impression: number)
            let imageName = "\(stem).\(format.preferredExtension)", truthName = "\(stem).json"
            try ImageFile.write(impression.image, to: path(imageName), format: format)
            try write(GroundTruth(finger: 100 + finger, impression: number, image: imageName, impression: impression),
                      to: truthName)
            impressions.append(SynthManifest.ImpressionEntry(image: imageName, groundTruth: truthName,
                                                             minutiae: impression.minutiae.count))
            afterEachImpression()
        }
        return SynthManifest.Finger(id: 100 + finger, fingerClass: master.fingerClass.rawValue,
                                    masterSeed: String(dataset.masterSeed(finger: finger)),
                                    masterMinutiae: master.minutiae.count,
                                    singularPoints: master.singularPoints, impressions: impressions)
    }

    func writeManifest(_ manifest: SynthManifest) throws {
        try write(manifest, to: "manifest.json")
    }

    private func write(_ value: some Encodable, to name: String) throws {
        let output = try OutputFile(path(name), role: "output file", existing: .replace, mode: 0o644)
        try output.write(Array(try JSONOutput.data(value)))
        try output.commit()
    }

    private func path(_ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
