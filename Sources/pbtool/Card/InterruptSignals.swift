import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs a handler on SIGINT (Ctrl-C) or SIGTERM instead of dying, so long-running commands
/// (`card watch`, `card emulate`) can stop cleanly.
final class InterruptSignals: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []

    /// Installs `handler` for SIGINT and SIGTERM; it receives the signal number.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue.global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
