import Foundation
import TestSupport

/// A `--key-command` that prints the store's key, except that once the test has opened the gate
/// (a FIFO), its `run`th run from then on waits for a line on it first: the store's key source
/// slow at a point the test chooses, released when the test says.
final class GatedKeyCommand {
    private let scratch: ScratchDirectory
    private let run: Int
    private var writer: Int32 = -1
    var gate: String { scratch.path("gate") }

    init(waitingOnRun run: Int) throws {
        scratch = try ScratchDirectory("service-key-command")
        self.run = run
        // Each run after the gate exists takes the next numbered folder: its number is the run's.
        try """
            if [ -p '\(gate)' ]; then
              n=1
              while ! mkdir '\(scratch.path("run"))'$n 2>/dev/null; do n=$((n + 1)); done
              [ $n -eq \(run) ] && read line < '\(gate)'
            fi
            cat "$1"

            """.write(toFile: scratch.path("key.sh"), atomically: true, encoding: .utf8)
    }

    deinit {
        if writer >= 0 { close(writer) }
    }

    /// The command for `--key-command`, given the key file it prints.
    func command(printing key: String) -> String {
        "/bin/sh '\(scratch.path("key.sh"))' '\(key)'"
    }

    /// Creates the gate: runs are counted from now on.
    func openGate() throws {
        guard mkfifo(gate, 0o600) == 0 else { throw FlowTestBench.SetupFailure(message: "cannot create \(gate)") }
    }

    /// Returns once the waiting run has opened the gate to read it.
    func awaitWaitingRun() throws {
        // Opening a FIFO for writing returns when a reader has opened it.
        let gate = gate
        let opened = Arrivals.outcome { () -> Int32 in open(gate, O_WRONLY) }
        guard case .success(let descriptor)? = opened.next(within: TestPatience.limit), descriptor >= 0 else {
            throw FlowTestBench.SetupFailure(message: "the key command never waited at the gate")
        }
        writer = descriptor
    }

    /// Lets the waiting run go on.
    func release() {
        _ = write(writer, "go\n", 3)
        close(writer)
        writer = -1
    }
}
