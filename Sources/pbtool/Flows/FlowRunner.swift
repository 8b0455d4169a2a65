import Biometry
import Foundation

/// Drives a controller from the command line: shows its events, answers its prompts (the
/// person on a terminal, otherwise "next"), runs hooks, logs, and turns Ctrl-C into a clean
/// cancellation (the flow stops at its next step, the sensor is released, nothing is stored).
struct FlowRunner {
    let presenter: any EventPresenter
    /// Whether prompts wait for the person (standard input is a terminal, no --json/--quiet).
    let interactive: Bool
    let log: FlowLog?
    let hooks: HookRunner?
    /// Whether warnings reach standard error (not with --quiet).
    var warns = true

    /// Runs `flow` to its end and returns its outcome.
    func run<Flow: BiometryFlow>(_ flow: Flow) async throws -> FlowOutcome {
        let signals = InterruptSignals { _ in flow.cancel() }
        defer { hooks?.finish() }
        var outcome = FlowOutcome.cancelled
        do {
            for try await event in flow {
                log?.record(event)
                presenter.present(event)
                hooks?.handle(event)
                if case .prompt(let prompt) = event { answer(prompt, of: flow) }
                if case .finished(let result) = event { outcome = result }
            }
        } catch {
            log?.record(error: error)
            throw error
        }
        withExtendedLifetime(signals) {}
        return outcome
    }

    /// Announces a device change the command itself noticed (the card it connected to).
    func announce(_ event: BiometryEvent) {
        log?.record(event)
        presenter.present(event)
        hooks?.handle(event)
    }

    /// Reports stored references a read left out (the others were used), on standard error
    /// and in the log.
    func warn(about unreadable: [UnreadableReference]) {
        for reference in unreadable {
            log?.record(warning: reference.description)
            if warns { printError("pbtool: warning: \(reference)") }
        }
    }

    private func answer<Flow: BiometryFlow>(_ prompt: Prompt, of flow: Flow) {
        guard interactive else { return flow.answer(prompt.id, with: .next) }
        // Read on a thread of its own, so Ctrl-C still reaches the flow while we wait.
        Thread.detachNewThread {
            let line = readLine(strippingNewline: true)
            let cancel = line == nil || ["q", "quit", "c", "cancel", "n", "no"].contains(line!.lowercased())
            flow.answer(prompt.id, with: cancel ? .cancel : .next)
        }
    }
}
