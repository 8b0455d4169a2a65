import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Whether, and why, a context's calls were cut short, and the sockets cutting them takes.
final class ContextInterruption: Sendable {
    private struct State {
        /// The error every failing call on the context throws from now on.
        var reason: PCSCError?
        /// The context's sockets to pcscd; nil while it is being established.
        var sockets: [Int32]?
    }

    private let state = Mutex(State())

    /// The error calls on the context throw since it was interrupted; nil before.
    var reason: PCSCError? { state.withLock { $0.reason } }

    /// The context's sockets, once established.
    var sockets: [Int32] {
        get { state.withLock { $0.sockets ?? [] } }
        set { state.withLock { $0.sockets = newValue } }
    }

    /// Cuts the context's calls short with `error` (the first reason stays): shuts down its
    /// sockets to pcscd, or, while it is being established, the socket it waits on.
    func cut(with error: PCSCError) {
        let sockets = state.withLock { state -> [Int32] in
            if state.reason == nil { state.reason = error }
            return state.sockets ?? PCSCDaemonSockets.unclaimed()
        }
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }
}
