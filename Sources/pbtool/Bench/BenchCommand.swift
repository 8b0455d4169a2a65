import ArgumentParser

/// `pbtool bench`: measure the fingerprint engine on a data set.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the fingerprint engine's accuracy and speed on a data set of images.",
        discussion: """
            A data set is a directory of FINGER_IMPRESSION.ext images (101_1.tif, 101_2.tif, …; any \
            integer ids, any number of impressions; PNG, TIFF, BMP, PGM, WSQ, JPEG or JPEG 2000). Other files are ignored.
            See docs/bench.md.
            """,
        subcommands: [BenchAccuracyCommand.self, BenchSpeedCommand.self]
    )
}
