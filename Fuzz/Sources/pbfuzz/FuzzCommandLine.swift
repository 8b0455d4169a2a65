import Foundation

/// `pbfuzz list | seeds DIR | run TARGET [libFuzzer options…]`.
enum FuzzCommandLine {
    /// The environment variable that names the target when libFuzzer re-executes the binary.
    static let targetVariable = "PBFUZZ_TARGET"

    static let usage = """
        usage: pbfuzz list                         targets, one a line: name, -max_len, summary
               pbfuzz seeds DIR [--shared DATA]    write every target's seeds to DIR/<target>/
                                                   (DATA: ../shared/data, for seeds cut from real files)
               pbfuzz run TARGET [OPTIONS…] [CORPUS…]
                                                   fuzz TARGET; OPTIONS and CORPUS go to libFuzzer
        """

    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else { return fail(usage) }
        switch arguments[1] {
        case "list":
            for target in FuzzTargets.all {
                print("\(target.name) \(target.maximumLength) \(target.summary)")
            }
            return 0
        case "seeds":
            return writeSeeds(Array(arguments.dropFirst(2)))
        case "run":
            guard arguments.count >= 3 else { return fail(usage) }
            guard let target = FuzzTargets.named(arguments[2]) else {
                return fail("pbfuzz: no target \"\(arguments[2])\"; `pbfuzz list` names them")
            }
            return LibFuzzerDriver.run(target, options: Array(arguments.dropFirst(3)))
        default:
            // A libFuzzer child started with libFuzzer's options only.
            if arguments[1].hasPrefix("-"), let name = ProcessInfo.processInfo.environment[targetVariable],
               let target = FuzzTargets.named(name) {
                return LibFuzzerDriver.run(target, options: Array(arguments.dropFirst()))
            }
            return fail(usage)
        }
    }

    private static func writeSeeds(_ arguments: [String]) -> Int32 {
        guard let directory = arguments.first else { return fail(usage) }
        var shared: URL?
        if arguments.count == 3, arguments[1] == "--shared" {
            shared = URL(fileURLWithPath: arguments[2])
        } else if arguments.count != 1 {
            return fail(usage)
        }
        do {
            let written = try SeedWriter(directory: URL(fileURLWithPath: directory), sharedData: shared).writeAll()
            print("wrote \(written) seed file(s) under \(directory)")
            return 0
        } catch {
            return fail("pbfuzz seeds: \(error)")
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 2
    }
}
