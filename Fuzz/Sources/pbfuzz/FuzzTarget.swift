/// One parser under the fuzzer: how an input reaches it, what must hold afterwards, and the seeds
/// the fuzzer starts from.
///
/// A target's `run` must never crash on its own: parsers are expected to throw, and only a trap,
/// a sanitizer report, a hang or a failed ``FuzzCheck`` is a finding.
struct FuzzTarget: Sendable {
    /// The name `pbfuzz run` and `make fuzz` use (`command-apdu`, `wsq`, …).
    let name: String
    /// What the target feeds and checks, for `pbfuzz list`.
    let summary: String
    /// The longest input the fuzzer generates (libFuzzer's `-max_len`), in bytes.
    let maximumLength: Int
    /// Feeds one input to the parser and checks what came out.
    let run: @Sendable ([UInt8]) -> Void
    /// Valid (and some near-valid) inputs built the way the module's tests build their fixtures.
    let seeds: @Sendable () throws -> [FuzzSeed]
}

/// A named starting input.
struct FuzzSeed: Sendable {
    /// The file name it is written under.
    let name: String
    let bytes: [UInt8]

    init(_ name: String, _ bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// Property checks inside targets: a broken property is a finding, reported like a crash.
enum FuzzCheck {
    /// Stops the run, so libFuzzer writes the input as a crash artifact, when `condition` is false.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String,
                        file: StaticString = #fileID, line: UInt = #line) {
        if !condition { fatalError("property broken: \(message())", file: file, line: line) }
    }
}
