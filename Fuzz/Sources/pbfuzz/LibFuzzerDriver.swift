import CLibFuzzer
import Glibc

/// Runs libFuzzer's driver on one ``FuzzTarget`` (`LLVMFuzzerRunDriver`).
///
/// libFuzzer calls back through a C function pointer, which cannot capture, so the target being
/// run is a process-wide value set once before the driver starts.
enum LibFuzzerDriver {
    nonisolated(unsafe) private static var current: FuzzTarget?

    /// Fuzzes `target` with libFuzzer's own options (`-max_total_time=60`, corpus directories, …);
    /// returns libFuzzer's exit status (it exits by itself on a finding).
    static func run(_ target: FuzzTarget, options: [String]) -> Int32 {
        current = target
        // libFuzzer re-executes argv[0] for some modes (-fork, -minimize_crash): the target name
        // travels in the environment so a child fuzzes the same target.
        setenv(FuzzCommandLine.targetVariable, target.name, 1)
        var arguments: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments[0]] + options).map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var count = Int32(options.count + 1)
        return arguments.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&count, &argv, testOneInput)
        }
    }

    /// Also exported under libFuzzer's conventional name: the sanitizer runtime's `main` object
    /// refers to it, and a build that ends up with that `main` still fuzzes the chosen target.
    private static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, count in
        runCurrent(data, count)
    }

    fileprivate static func runCurrent(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        if current == nil {
            current = getenv(FuzzCommandLine.targetVariable).flatMap { FuzzTargets.named(String(cString: $0)) }
        }
        guard let target = current else { fatalError("no fuzz target chosen (set \(FuzzCommandLine.targetVariable))") }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        target.run(bytes)
        return 0
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    LibFuzzerDriver.runCurrent(data, count)
}
