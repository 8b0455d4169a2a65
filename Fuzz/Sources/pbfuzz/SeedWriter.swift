import Foundation

/// Writes every target's seeds to `directory/<target>/<seed>`, adding seeds cut from the shared
/// data when it is given (pbfuzz seeds).
struct SeedWriter {
    let directory: URL
    let sharedData: URL?

    /// Returns how many files it wrote.
    func writeAll() throws -> Int {
        let shared = try sharedData.map { try SharedSeeds(data: $0).all() } ?? [:]
        var written = 0
        for target in FuzzTargets.all {
            let folder = directory.appendingPathComponent(target.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for seed in try target.seeds() + shared[target.name, default: []] {
                try Data(seed.bytes).write(to: folder.appendingPathComponent(seed.name))
                written += 1
            }
        }
        return written
    }
}
